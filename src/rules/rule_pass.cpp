#include "rules/rule_pass.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <string_view>

#include "rules/mask.hpp"
#include "rules/placeholder.hpp"
#include "rules/text_search.hpp"
#include "util/glob.hpp"

namespace qa::rules {
namespace {

bool only_space(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

}  // namespace

/// The allowlist, stopwords or entropy threshold, or a secret with a typed-in sequence
/// (placeholder.hpp).
FilterVerdict filter_of(const Rule& rule, std::string_view value) {
    if (rule.secretGroup && looks_typed(value)) {
        return {Discard::typed, 0};
    }
    const re2::StringPiece piece(value.data(), value.size());
    for (std::size_t i = 0; i < rule.allowlist.regexes.size(); ++i) {
        if (RE2::PartialMatch(piece, rule.allowlist.regexes[i]->get())) {
            return {Discard::allowlistRegex, i};
        }
    }
    if (contains_any(value, rule.allowlist.stopwords)) {
        for (std::size_t i = 0; i < rule.allowlist.stopwords.size(); ++i) {
            if (contains_any(value, {rule.allowlist.stopwords[i]})) {
                return {Discard::stopword, i};
            }
        }
    }
    if (rule.minEntropy > 0.0 && shannon_entropy(value) < rule.minEntropy) {
        return {Discard::entropy, 0};
    }
    return {};
}

bool applies_to(const Rule& rule, const ScanInput& input) {
    if (!rule.languages.empty() && std::find(rule.languages.begin(), rule.languages.end(),
                                             input.language) == rule.languages.end()) {
        return false;
    }
    return std::none_of(
        rule.allowlist.paths.begin(), rule.allowlist.paths.end(),
        [&](const std::string& glob) { return util::glob_match(glob, input.path); });
}

namespace {

/// Where one rule looks and what it keeps: the match loop of run_rule() over a range of the
/// buffer.
class RulePass {
  public:
    RulePass(const Rule& rule, std::size_t index, const ScanInput& input, const LineIndex& lines,
             std::vector<Found>& out)
        : rule_(rule),
          index_(index),
          input_(input),
          lines_(lines),
          out_(out),
          text_(input.text.data(), input.text.size()),
          groups_(std::max(rule.secretGroup.value_or(0), rule.allowlist.sameAsGroup.value_or(0)) +
                  1),
          sub_(static_cast<std::size_t>(groups_)) {}

    /// Every match that starts in [from, to), in order. The whole buffer stays the context, so
    /// `^`, `$` and `\b` see the bytes around the range.
    void run(std::size_t from, std::size_t to) {
        std::size_t pos = from;
        while (pos <= to &&
               rule_.pattern->get().Match(text_, pos, to, RE2::UNANCHORED, sub_.data(), groups_)) {
            const std::size_t begin = static_cast<std::size_t>(sub_[0].data() - text_.data());
            const std::size_t end = begin + sub_[0].size();
            pos = end > begin ? end : begin + 1;
            if (!sub_[0].empty()) {
                keep(begin, end);
            }
        }
    }

  private:
    /// Applies the rule's filters to the match [begin, end) held in sub_.
    void keep(std::size_t begin, std::size_t end) {
        const Rule& rule = rule_;
        const std::size_t line = lines_.line_of(begin);
        const std::string_view line_text = lines_.text(line);
        if (!rule.keywords.empty() && !contains_any(line_text, rule.keywords)) {
            return;
        }
        RuleMatch m;
        m.rule = &rule;
        m.line = file_line(input_.lineNumbers, line);
        m.column = static_cast<std::uint32_t>(begin - lines_.start(line) + 1);
        m.match = input_.text.substr(begin, end - begin);
        m.lineText = line_text;
        std::string_view target = m.match;
        if (rule.secretGroup) {
            const re2::StringPiece& s = sub_[static_cast<std::size_t>(*rule.secretGroup)];
            if (s.data() == nullptr || s.empty()) {
                return;  // an optional secret group that did not take part: nothing to report
            }
            m.secret = std::string_view(s.data(), s.size());
            target = *m.secret;
        }
        if (filter_of(rule, target).why != Discard::none) {
            return;
        }
        if (rule.checksum && !checksum_valid(*rule.checksum, target)) {
            // A value that cannot be encoded credentials (basic-auth) is nothing; a token whose
            // CRC is wrong still has the format, and is reported without blocking.
            if (*rule.checksum != Checksum::githubCrc32) {
                return;
            }
            m.checksumFailed = true;
        }
        if (rule.allowlist.sameAsGroup) {
            const re2::StringPiece& same =
                sub_[static_cast<std::size_t>(*rule.allowlist.sameAsGroup)];
            if (std::string_view(same.data(), same.size()) == target) {
                return;
            }
        }
        if (rule.nextLine && line + 1 < lines_.count() &&
            only_space(line_text.substr(std::min(line_text.size(), end - lines_.start(line))))) {
            const std::string_view next = lines_.text(line + 1);
            if (!RE2::PartialMatch(re2::StringPiece(next.data(), next.size()),
                                   rule.nextLine->get())) {
                return;
            }
        }
        out_.push_back(Found{m, index_, begin});
    }

    const Rule& rule_;
    std::size_t index_;
    const ScanInput& input_;
    const LineIndex& lines_;
    std::vector<Found>& out_;
    re2::StringPiece text_;
    int groups_;
    std::vector<re2::StringPiece> sub_;
};

/// The buffer lines holding one of `keywords`, ascending, each once.
std::vector<std::size_t> keyword_lines(std::string_view text, const LineIndex& lines,
                                       const std::vector<std::string>& keywords) {
    std::vector<std::size_t> out;
    for (const std::string& keyword : keywords) {
        std::size_t at = find_lowercase(text, keyword);
        while (at != std::string_view::npos) {
            const std::size_t line = lines.line_of(at);
            out.push_back(line);
            // The next occurrence on a later line: this line is in already.
            at = line + 1 < lines.count() ? find_lowercase(text, keyword, lines.start(line + 1))
                                          : std::string_view::npos;
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace

void run_rule(const Rule& rule, std::size_t index, const ScanInput& input, const LineIndex& lines,
              bool keyword_lines_only, std::vector<Found>& out) {
    RulePass pass(rule, index, input, lines, out);
    if (!keyword_lines_only || rule.keywords.empty()) {
        pass.run(0, input.text.size());
        return;
    }
    // A match counts only on a line holding a keyword, and no match spans lines: the regex
    // needs to look at those lines alone. Each ends before its '\n'.
    for (const std::size_t line : keyword_lines(input.text, lines, rule.keywords)) {
        const std::size_t end =
            line + 1 < lines.count() ? lines.start(line + 1) - 1 : input.text.size();
        pass.run(lines.start(line), end);
    }
}

}  // namespace qa::rules
