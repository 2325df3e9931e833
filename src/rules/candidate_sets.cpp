#include "rules/candidate_sets.hpp"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>

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

}  // namespace

CandidateSets::CandidateSets() : keywords_(std::make_unique<Set>()) {}

CandidateSets::~CandidateSets() = default;

std::string CandidateSets::add(const Rule& rule, bool embedded) {
    const bool regex_gated = regex_set_gates(rule, embedded);
    const std::string by_regex = !rule.prefilterRegex.empty() ? multiline(rule.prefilterRegex)
                                 : regex_gated                ? any_keyword(rule)
                                                              : multiline(rule.regex);
    const bool by_keywords = !rule.keywords.empty() && rule.prefilterRegex.empty();
    std::string error;
    if (keywords_->set.Add(by_keywords ? any_keyword(rule) : by_regex, &error) < 0) {
        return error;
    }
    regexPatterns_.push_back(by_regex);
    regexGated_.push_back(regex_gated);
    return {};
}

bool CandidateSets::compile() {
    return keywords_->set.Compile();
}

const CandidateSets::Set& CandidateSets::regex_set() const {
    std::call_once(regexOnce_, [this] {
        auto set = std::make_unique<Set>();
        for (const std::string& pattern : regexPatterns_) {
            // Counts relaxed: the set only says which rules may match (relaxed_repetition.hpp).
            if (set->set.Add(relaxed_repetition(pattern, kRelaxedCount), nullptr) < 0 &&
                set->set.Add(pattern, nullptr) < 0) {
                return;  // cannot happen for checked rules; the keyword set serves on
            }
        }
        if (set->set.Compile()) {
            regex_ = std::move(set);
        }
    });
    return regex_ ? *regex_ : *keywords_;
}

void CandidateSets::expect_lines(std::size_t lines) const {
    if (lines > kRegexSetAfterLines) {
        large_.store(true, std::memory_order_relaxed);
    }
}

std::vector<std::size_t> CandidateSets::candidates(std::string_view input) const {
    std::vector<std::size_t> out;
    if (input.empty() || regexGated_.empty()) {
        return out;
    }
    // Either set gives a superset of the rules that report: which one answers changes the
    // time, never the findings.
    const std::size_t before = scanned_.fetch_add(input.size(), std::memory_order_relaxed);
    const bool large =
        large_.load(std::memory_order_relaxed) || before + input.size() > kRegexSetAfter;
    const Set& pass = large ? regex_set() : *keywords_;
    std::vector<int> matched;
    RE2::Set::ErrorInfo error{};
    const re2::StringPiece text(input.data(), input.size());
    if (!pass.set.Match(text, &matched, &error) && error.kind != RE2::Set::kNoError) {
        // The set's DFA gave up. Run every rule on its own instead: RE2 then falls back to its
        // NFA, slower but still linear, never wrong.
        out.resize(regexGated_.size());
        for (std::size_t i = 0; i < out.size(); ++i) {
            out[i] = i;
        }
        return out;
    }
    out.assign(matched.begin(), matched.end());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace qa::rules
