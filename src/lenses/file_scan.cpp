#include "lenses/file_scan.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "lenses/api/findings.hpp"
#include "lenses/printable_runs.hpp"
#include "lenses/text_lines.hpp"
#include "rules/mask.hpp"
#include "rules/scrub.hpp"
#include "rules/suppression.hpp"

namespace qa::lenses {
namespace {

constexpr std::size_t kMaxSnippet = 160;

/// The lines a lens looks at in one file, and the buffer the rule engine scans.
struct Scope {
    std::string buffer;
    std::vector<std::uint32_t> lineNumbers;
};

/// What a match without a secret is hashed by (its evidenceHash, so its baseline fingerprint):
/// the match, except for a private key, whose BEGIN line is the same for every key of a kind.
/// Its evidence runs to the END line, so a baselined fixture key does not accept another key
/// written in its place.
std::string_view evidence_text(std::string_view text, const rules::RuleMatch& m) {
    constexpr std::size_t kMaxKeyBlock = 64 * 1024;
    if (m.rule->id != "private-key" || m.match.data() < text.data() ||
        m.match.data() > text.data() + text.size()) {
        return m.match;
    }
    const auto start = static_cast<std::size_t>(m.match.data() - text.data());
    const std::size_t end = text.find("-----END ", start + 1);
    if (end == std::string_view::npos) {
        return text.substr(start, kMaxKeyBlock);
    }
    const std::size_t eol = text.find('\n', end);
    return text.substr(start, (eol == std::string_view::npos ? text.size() : eol) - start);
}

}  // namespace

/// Reads `path` once (the hygiene checks look at the whole file) and runs the rules of the
/// enabled lenses over the scanned buffer, and the hygiene checks over the file.
FileScan scan_file(const ScanSpec& spec, const std::string& path,
                   const lenses::api::ChangedFileView& view,
                   const lenses::api::ChangeSource& changes) {
    std::shared_ptr<const std::string> content;
    const auto load = [&]() -> const std::string& {
        if (!content) {
            content = changes.shared_content(path);
            if (!content) {
                content = std::make_shared<const std::string>();
            }
        }
        return *content;
    };
    // The lines findings may land on, and the buffer the rules scan. When every line counts
    // (mode file or all, or every line added) the content itself is scanned, uncopied.
    const bool whole = spec.wholeFile || view.addedLines.every_line();
    // Every line of the file added (a new file): the added-lines buffer (and the context one)
    // would be the content, plus a '\n' when it has no final one, line i at line i. Use the
    // content itself (or one exact copy) rather than a growing copy and a number per line.
    const bool all_added = !whole && !view.binary && view.addedLines.leading_lines() && [&] {
        const std::string& c = load();
        const auto newlines = static_cast<std::size_t>(std::count(c.begin(), c.end(), '\n'));
        return !c.empty() && newlines + (c.back() == '\n' ? 0 : 1) == view.addedLines.size();
    }();
    Scope scope;
    std::string_view text;
    if (view.binary) {
        // Binary for git, not free of credentials: the rules read its printable runs.
        PrintableRuns runs = printable_runs(load());
        scope.buffer = std::move(runs.buffer);
        scope.lineNumbers = std::move(runs.lineNumbers);
        text = scope.buffer;
    } else if (whole) {
        text = load();
    } else if (all_added) {
        text = load();
        if (text.back() != '\n') {
            scope.buffer.reserve(text.size() + 1);
            scope.buffer.append(text).push_back('\n');
            text = scope.buffer;
        }
    } else if (spec.withContext) {
        const std::vector<std::string_view> file_lines = split_lines(load());
        std::vector<bool> wanted(file_lines.size() + 1, false);
        const auto last = static_cast<std::int64_t>(file_lines.size());
        for (const auto& added : view.addedLines.read()) {
            for (std::int64_t l = std::max<std::int64_t>(1, added.lineNo - spec.diffContext);
                 l <= std::min<std::int64_t>(last, added.lineNo + spec.diffContext); ++l) {
                wanted[static_cast<std::size_t>(l)] = true;
            }
        }
        for (std::size_t l = 1; l < wanted.size(); ++l) {
            if (wanted[l]) {
                scope.buffer.append(file_lines[l - 1]).push_back('\n');
                scope.lineNumbers.push_back(static_cast<std::uint32_t>(l));
            }
        }
        text = scope.buffer;
    } else {
        for (const auto& added : view.addedLines.read()) {
            scope.buffer.append(added.text).push_back('\n');
            scope.lineNumbers.push_back(added.lineNo);
        }
        text = scope.buffer;
    }

    FileScan out;
    out.directive = text.find(rules::kAllowDirective) != std::string_view::npos;
    out.mentionsTool = out.directive || text.find("qa-skill") != std::string_view::npos;
    const rules::ScanInput input{path, view.language, text, scope.lineNumbers};
    std::vector<std::size_t> to_run;
    // A whole-tree audit holds no change: rules that judge only what a change adds sit it out.
    const bool audit = view.addedLines.every_line();
    for (const std::size_t c : spec.rules.candidates(text)) {
        const rules::Rule& rule = spec.rules.rules()[c];
        if (std::find(spec.lenses.begin(), spec.lenses.end(), rule.lens) != spec.lenses.end() &&
            !(audit && rule.changesOnly)) {
            to_run.push_back(c);
        }
    }
    std::vector<std::string> file_secrets;
    // Whether the file holds a directive at all, asked once: searching the file again at every
    // match made a large file with many matches quadratic.
    std::optional<bool> file_directive;
    const auto has_directive = [&] {
        if (!file_directive) {
            file_directive = load().find(rules::kAllowDirective) != std::string::npos;
        }
        return *file_directive;
    };
    std::optional<LineCursor> cursor;
    const auto file_line = [&](std::size_t number) {
        if (!cursor) {
            cursor.emplace(load());
        }
        return cursor->line(number);
    };
    spec.rules.scan(input, to_run, [&](const rules::RuleMatch& m) {
        ScannedMatch s;
        s.rule = m.rule;
        s.line = m.line;
        s.column = code_point_column(m.lineText, m.column);
        s.checksumFailed = m.checksumFailed;
        s.endColumn = s.column + code_points(m.match);
        // Suppression needs the line above, which an added-lines buffer may not hold.
        std::string_view previous;
        if (m.line > 1 && m.lineText.find(rules::kAllowDirective) == std::string_view::npos) {
            if (has_directive()) {
                previous = file_line(m.line - 1).value_or(std::string_view());
            }
        }
        s.suppressed = rules::suppressed(m.lineText, previous, m.rule->id);
        if (m.secret) {
            // Every secret of the file, suppressed ones too, is masked in every snippet below.
            file_secrets.emplace_back(*m.secret);
        }
        if (!s.suppressed) {
            if (m.secret) {
                s.shown = rules::mask_secret(*m.secret);
                s.secretLength = m.secret->size();
            } else {
                s.shown = rules::without_secrets(spec.credentials, path, m.match);
            }
            // A guessable secret is hashed by its masked form only (rules::evidence_form); its
            // exact hash goes to the baseline, in memory (baseline/exact_keys.hpp).
            const std::string form = m.secret ? rules::evidence_form(*m.secret) : std::string();
            s.evidenceHash = lenses::api::evidence_hash(
                m.rule->id, m.secret ? std::string_view(form) : evidence_text(text, m));
            if (m.secret && form != *m.secret) {
                s.exactHash = lenses::api::evidence_hash(m.rule->id, *m.secret);
            }
        }
        out.matches.push_back(std::move(s));
    });
    // A snippet (the match of a rule without a secret) may hold a secret that another rule found
    // elsewhere in the file, e.g. a password assigned on line 1 and hashed on line 2: mask them
    // all, longest first, so that no secret is shown through another finding.
    std::sort(file_secrets.begin(), file_secrets.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (ScannedMatch& s : out.matches) {
        if (s.suppressed || s.secretLength) {
            continue;
        }
        for (const std::string& secret : file_secrets) {
            s.shown = rules::redact(s.shown, secret);
        }
        s.shown.resize(std::min(s.shown.size(), kMaxSnippet));
    }

    std::vector<std::uint32_t> lines;
    if (!whole && !all_added) {  // empty: every line
        for (const auto& added : view.addedLines.read()) {
            lines.push_back(added.lineNo);
        }
    }
    out.size = load().size();
    if (spec.hygiene && !view.binary) {
        out.hygiene = rules::check_hygiene({path, *content, out.size, lines, UINT64_MAX});
        for (rules::HygieneFinding& h : out.hygiene) {
            if (h.column > 0) {
                if (const auto line = file_line(h.line)) {
                    h.column = code_point_column(*line, h.column);
                }
            }
        }
        if (!out.hygiene.empty() && has_directive()) {
            // Hygiene findings are suppressed like any rule's: on their line, or for the whole
            // file.
            out.fileAllowed = rules::file_allowed_ids(*content);
            std::erase_if(out.hygiene, [&](const rules::HygieneFinding& h) {
                const std::string id(h.rule->id);
                const std::string_view previous =
                    h.line > 1 ? file_line(h.line - 1).value_or("") : std::string_view();
                const auto line = file_line(h.line);
                const bool hit = out.fileAllowed.count(id) > 0 ||
                                 (line && rules::suppressed(*line, previous, id));
                out.hygieneSuppressed += hit ? 1 : 0;
                return hit;
            });
        }
        out.hygiene = rules::once_per_file(std::move(out.hygiene));
    }
    return out;
}

}  // namespace qa::lenses
