#include "rules/candidate_sets.hpp"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
#include <optional>

#include "rules/relaxed_repetition.hpp"
#include "rules/rule_regex.hpp"
#include "rules/rule_set.hpp"

namespace qa::rules {

struct CandidateSets::Set {
    Set() : set(options(), RE2::UNANCHORED) {}
    /// The set holds over a hundred patterns: give its DFA room, so that the cache is not
    /// flushed and rebuilt while it scans (RE2's default budget is 8 MiB).
    static RE2::Options options() {
        RE2::Options out = regex_options();
        out.set_max_mem(64 << 20);
        return out;
    }
    RE2::Set set;
};

namespace {

/// The count a repetition in the regex set keeps: `{36}` is `{8,}` there. Measured on the
/// secrets corpus (bench/secrets_throughput_ab.sh): 8 names the same candidates as the exact
/// counts; 4 names many more (a `{16,}` value of an assignment rule becomes any 4 characters),
/// whose runs cost more than the smaller set saves.
constexpr int kRelaxedCount = 8;

/// A rule's keywords as one case-insensitive alternation of literals.
std::string any_keyword(const Rule& rule) {
    std::string any = "(?i)(?:";
    for (std::size_t i = 0; i < rule.keywords.size(); ++i) {
        any += (i > 0 ? "|" : "") + RE2::QuoteMeta(rule.keywords[i]);
    }
    return any + ")";
}

/// Whether the regex set holds a rule by its keywords: it says so itself (an embedded rule,
/// whose regex is not compiled to be measured), or its program is too large for a set.
bool regex_set_gates(const Rule& rule, bool embedded) {
    return !rule.keywords.empty() && rule.prefilterRegex.empty() &&
           (rule.keywordPrefilter ||
            (!embedded && rule.pattern->get().ProgramSize() > kMaxSetProgramSize));
}

/// Every rule index below `count`: the answer when a set's DFA gives up. RE2 then runs each
/// rule on its own with its NFA, slower but still linear, never wrong.
std::vector<std::size_t> every_rule(std::size_t count) {
    std::vector<std::size_t> out(count);
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = i;
    }
    return out;
}

/// The patterns of `set` that match `text`, ascending; nullopt when its DFA gave up.
std::optional<std::vector<int>> matching(const RE2::Set& set, std::string_view text) {
    std::vector<int> matched;
    RE2::Set::ErrorInfo error{};
    if (!set.Match(re2::StringPiece(text.data(), text.size()), &matched, &error) &&
        error.kind != RE2::Set::kNoError) {
        return std::nullopt;
    }
    std::sort(matched.begin(), matched.end());
    return matched;
}

}  // namespace

CandidateSets::CandidateSets() : unkeyed_(std::make_unique<Set>()) {}

CandidateSets::~CandidateSets() = default;

std::string CandidateSets::add(const Rule& rule, bool embedded) {
    const std::size_t index = regexGated_.size();
    const bool regex_gated = regex_set_gates(rule, embedded);
    const std::string by_regex = !rule.prefilterRegex.empty() ? multiline(rule.prefilterRegex)
                                 : regex_gated                ? any_keyword(rule)
                                                              : multiline(rule.regex);
    if (rule.keywords.empty()) {
        std::string error;
        if (unkeyed_->set.Add(by_regex, &error) < 0) {
            return error;
        }
        unkeyedRules_.push_back(index);
    } else {
        keywords_.add(index, rule.keywords);
    }
    prefilters_.push_back(!rule.keywords.empty() && !rule.prefilterRegex.empty()
                              ? std::make_unique<const LazyRegex>(by_regex)
                              : nullptr);
    regexPatterns_.push_back(by_regex);
    regexGated_.push_back(regex_gated);
    return {};
}

bool CandidateSets::compile() {
    keywords_.compile();
    return unkeyedRules_.empty() || unkeyed_->set.Compile();
}

const CandidateSets::Set* CandidateSets::regex_set() const {
    std::call_once(regexOnce_, [this] {
        auto set = std::make_unique<Set>();
        for (const std::string& pattern : regexPatterns_) {
            // Counts relaxed: the set only says which rules may match (relaxed_repetition.hpp).
            if (set->set.Add(relaxed_repetition(pattern, kRelaxedCount), nullptr) < 0 &&
                set->set.Add(pattern, nullptr) < 0) {
                return;  // cannot happen for checked rules; the keywords serve on
            }
        }
        if (set->set.Compile()) {
            regex_ = std::move(set);
        }
    });
    return regex_.get();
}

void CandidateSets::expect_lines(std::size_t lines) const {
    if (lines > kRegexSetAfterLines) {
        large_.store(true, std::memory_order_relaxed);
    }
}

std::vector<std::size_t> CandidateSets::by_keywords(std::string_view input) const {
    std::vector<std::size_t> out;
    // A rule with a `prefilter_regex` is there because its keywords are common words ("key",
    // "token", "pass"): it runs where that regex matches too. Each is compiled at the first
    // text holding one of its keywords, which a commit message rarely does; one set of them
    // cost twice as much to compile and search a small change.
    for (const std::size_t rule : keywords_.rules_in(input)) {
        const LazyRegex* prefilter = prefilters_[rule].get();
        if (prefilter == nullptr ||
            prefilter->get().Match(re2::StringPiece(input.data(), input.size()), 0, input.size(),
                                   RE2::UNANCHORED, nullptr, 0)) {
            out.push_back(rule);
        }
    }
    if (!unkeyedRules_.empty()) {
        const auto matched = matching(unkeyed_->set, input);
        if (!matched) {
            return every_rule(regexGated_.size());
        }
        for (const int pattern : *matched) {
            out.push_back(unkeyedRules_[static_cast<std::size_t>(pattern)]);
        }
        std::sort(out.begin(), out.end());
    }
    return out;
}

std::vector<std::size_t> CandidateSets::candidates(std::string_view input) const {
    if (input.empty() || regexGated_.empty()) {
        return {};
    }
    // Either way gives a superset of the rules that report: which one answers changes the
    // time, never the findings.
    const std::size_t before = scanned_.fetch_add(input.size(), std::memory_order_relaxed);
    const bool large =
        large_.load(std::memory_order_relaxed) || before + input.size() > kRegexSetAfter;
    const Set* regex = large ? regex_set() : nullptr;
    if (regex == nullptr) {
        return by_keywords(input);
    }
    const auto matched = matching(regex->set, input);
    if (!matched) {
        return every_rule(regexGated_.size());
    }
    return {matched->begin(), matched->end()};
}

}  // namespace qa::rules
