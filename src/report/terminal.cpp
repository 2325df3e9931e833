// The report a person reads: what passed, what blocked, and what to do next.
#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "contracts/enums.hpp"
#include "report/finding_facts.hpp"
#include "report/finding_line.hpp"
#include "report/palette.hpp"
#include "report/quote_path.hpp"
#include "report/report.hpp"
#include "report/ways_forward.hpp"

namespace qa::report {
namespace {

namespace fs = std::filesystem;

/// A FAIL lists this many blocking findings one by one; the rest are grouped by rule and file.
constexpr std::size_t kListedFindings = 50;
/// ... in at most this many group lines.
constexpr std::size_t kListedGroups = 20;
/// Passing runs with nothing to show are listed one by one up to this many, else summed up.
constexpr std::size_t kListedPasses = 3;

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string lens_name(const contracts::LensResult& lens) {
    return printable(lens.subLensId ? lens.lensId + "/" + *lens.subLensId : lens.lensId);
}

/// The artifact folder relative to the repository root when it is inside it (it is by default).
std::string artifact_path(const orchestrator::RunOutcome& run, const fs::path& root) {
    const fs::path rel = run.artifactDir->lexically_relative(root);
    const bool inside = !rel.empty() && *rel.begin() != "..";
    return quote_path((inside ? rel : *run.artifactDir).string());
}

std::vector<const contracts::Finding*> non_blocking(const orchestrator::RunOutcome& run) {
    std::vector<const contracts::Finding*> out;
    for (const auto& lens : run.result.lensResults) {
        for (const auto& f : lens.findings) {
            if (!f.blocking) {
                out.push_back(&f);
            }
        }
    }
    return out;
}

bool is_high(contracts::Severity s) {
    return s == contracts::Severity::critical || s == contracts::Severity::high;
}

/// A non-blocking finding listed without -v: high severity (SQL injection, eval), a
/// suppression directive that suppresses nothing because it is written wrong, or a change that
/// weakens the gate (a reviewer must see it).
bool listed_anyway(const contracts::Finding& f) {
    return !facts_of(f).baselined && (is_high(f.severity) || f.ruleId == "invalid-suppression" ||
                                      f.ruleId == "gate-weakened");
}

/// The lines of the non-blocking findings a report lists: every one with -v; otherwise those
/// listed_anyway(), at most kListedFindings, the rest counted by rule. Returns the text and how
/// many findings it lists.
std::pair<std::string, std::size_t> listed_non_blocking(
    const std::vector<const contracts::Finding*>& others, bool verbose, const Palette& p) {
    std::string out;
    std::size_t shown = 0;
    std::size_t lines = 0;
    std::map<std::string, std::size_t> rest;
    for (const auto& item : merge_identical(others)) {
        const contracts::Finding& f = *item.finding;
        if (verbose) {
            out += finding_line(item, p, true);
            shown += item.count;
        } else if (listed_anyway(f)) {
            if (lines++ < kListedFindings) {
                out += finding_line(item, p, false);
                shown += item.count;
            } else {
                rest[f.ruleId] += item.count;
            }
        }
    }
    for (const auto& [rule, count] : rest) {
        out += "  ... and " + std::to_string(count) + " more " + printable(rule) + "\n";
    }
    return {out, shown};
}

/// "1 high, 2 low" over the findings not accepted by the baseline; "2 accepted by the baseline".
std::string severity_counts(const std::vector<const contracts::Finding*>& findings) {
    static constexpr std::array kOrder = {contracts::Severity::critical, contracts::Severity::high,
                                          contracts::Severity::medium, contracts::Severity::low,
                                          contracts::Severity::info};
    std::map<contracts::Severity, std::size_t> counts;
    std::size_t accepted = 0;
    for (const auto* f : findings) {
        facts_of(*f).baselined ? ++accepted : ++counts[f->severity];
    }
    std::string out;
    for (const auto s : kOrder) {
        if (counts[s] > 0) {
            out += (out.empty() ? "" : ", ") + std::to_string(counts[s]) + " " +
                   std::string(contracts::to_string(s));
        }
    }
    if (accepted > 0) {
        out += (out.empty() ? "" : ", ") + std::to_string(accepted) + " accepted by the baseline";
    }
    return out;
}

/// The lenses' own notes on a failure: the lens that failed and what it said.
std::string failure_details(const orchestrator::RunOutcome& run, const Palette& p) {
    std::string out;
    const auto& v = run.result.finalVerdict;
    for (const auto& reason : v.rationale) {
        if (reason.find("blocking finding") != std::string::npos || reason == "nothing to check") {
            continue;  // the findings say it themselves; "nothing" is said by the next line
        }
        out += "  " + std::string(p.red) + printable(reason) + p.reset + "\n";
    }
    for (const auto& lens : run.result.lensResults) {
        const bool failed = lens.status != contracts::LensStatus::completed;
        if (!failed) {
            continue;
        }
        for (const auto& note : lens.evidenceSummary) {
            out += "    " + lens_name(lens) + ": " + printable(note) + "\n";
        }
    }
    if (!v.errorCodes.empty()) {
        std::string codes;
        for (const auto c : v.errorCodes) {
            codes += (codes.empty() ? "" : ", ") + std::string(contracts::to_string(c));
        }
        out += "  error codes (see doc/exit-codes.md): " + codes + "\n";
    }
    for (const auto& code : run.baseRefCodes) {
        const bool said = std::any_of(v.errorCodes.begin(), v.errorCodes.end(),
                                      [&](auto c) { return contracts::to_string(c) == code; });
        if (!said) {
            out += "  base: " + printable(code) + "\n";
        }
    }
    return out;
}

/// What each check said about its work (files scanned, exclusions...), for --verbose.
std::string lens_notes(const orchestrator::RunOutcome& run, const Palette& p) {
    std::string out;
    for (const auto& [lens, count] : run.plan.excludedByLens) {
        out += "  " + std::string(p.dim) + printable(lens) + ": " + plural(count, "file") +
               " excluded by lenses." + lens + ".exclude" + p.reset + "\n";
    }
    for (const auto& lens : run.result.lensResults) {
        for (const auto& note : lens.evidenceSummary) {
            out += "  " + std::string(p.dim) + lens_name(lens) + ": " + printable(note) + p.reset +
                   "\n";
        }
    }
    return out;
}

std::string pass_block(const orchestrator::RunOutcome& run, const TerminalStyle& style,
                       const Palette& p) {
    const auto& v = run.result.finalVerdict;
    const auto others = non_blocking(run);
    const bool verbose = style.verbosity == Verbosity::verbose;
    std::string out = std::string("qa-skill: ") + p.green + "PASS" + p.reset + " " +
                      printable(run.label) + " (" + plural(run.plan.changedFiles, "file") +
                      " checked";
    if (run.plan.excludedFiles > 0) {
        out += ", " + std::to_string(run.plan.excludedFiles) + " excluded";
    }
    if (!others.empty()) {
        out += "; not blocking: " + severity_counts(others);
    }
    out += ")\n";
    const auto [lines, shown] = listed_non_blocking(others, verbose, p);
    out += lines;
    if (shown < others.size()) {
        out += "  " + std::string(p.dim) + "(-v lists all " + plural(others.size(), "finding") +
               ")" + p.reset + "\n";
    }
    if (v.degraded) {
        out += "  some optional checks did not complete:\n" + failure_details(run, p);
    }
    if (verbose) {
        out += lens_notes(run, p);
    }
    return out;
}

/// The findings past the first kListedFindings lines, counted by (rule, file).
std::string grouped_rest(const std::vector<ListedFinding>& items,
                         const orchestrator::RunOutcome& run, const fs::path& root) {
    std::map<std::pair<std::string, std::string>, std::size_t> groups;
    std::size_t more = 0;
    for (std::size_t i = kListedFindings; i < items.size(); ++i) {
        const contracts::Finding& f = *items[i].finding;
        groups[{f.ruleId, f.file}] += items[i].count;
        more += items[i].count;
    }
    std::string out = "  ... and " + plural(more, "more finding") + ", by rule and file:\n";
    std::size_t listed = 0;
    for (const auto& [key, count] : groups) {
        if (listed++ == kListedGroups) {
            out += "    ... " + plural(groups.size() - kListedGroups, "more group") + "\n";
            break;
        }
        out += "    " + printable(key.first) + "  " + quote_path(key.second) + "  (" +
               std::to_string(count) + ")\n";
    }
    out += "  all of them: " +
           (run.artifactDir ? artifact_path(run, root) + "/final-verdict.json"
                            : std::string("qa-skill run ... --format json")) +
           "\n";
    return out;
}

std::string fail_block(const orchestrator::RunOutcome& run, const fs::path& root,
                       const TerminalStyle& style, const Palette& p) {
    const auto& v = run.result.finalVerdict;
    const auto& blocking = v.blockingFindings;
    std::string out =
        std::string("qa-skill: ") + p.red + p.bold + "FAIL" + p.reset + " " + printable(run.label);
    if (!style.action.empty()) {
        out += " - " + style.action + " blocked";
    }
    out += blocking.empty()
               ? ": the check could not complete\n"
               : (style.action.empty() ? ": " : " by ") + plural(blocking.size(), "finding") + "\n";
    std::vector<const contracts::Finding*> pointers;
    pointers.reserve(blocking.size());
    for (const auto& f : blocking) {
        pointers.push_back(&f);
    }
    const std::vector<ListedFinding> items = merge_identical(pointers);
    for (std::size_t i = 0; i < items.size() && i < kListedFindings; ++i) {
        out += finding_line(items[i], p, true);
    }
    if (items.size() > kListedFindings) {
        out += grouped_rest(items, run, root);
    }
    if (blocking.empty() || v.degraded || !v.failedRequiredLensIds.empty() ||
        !v.missingRequiredLensIds.empty()) {
        out += failure_details(run, p);
    }
    const auto others = non_blocking(run);
    if (!others.empty()) {
        const bool verbose = style.verbosity == Verbosity::verbose;
        const auto [lines, shown] = listed_non_blocking(others, verbose, p);
        out += "  also, not blocking: " + severity_counts(others) +
               (shown < others.size() ? " (-v lists them)" : "") + "\n" + lines;
    }
    if (style.verbosity == Verbosity::verbose) {
        out += lens_notes(run, p);
    }
    if (run.baselineUnverifiable > 0) {
        out += "  " + plural(run.baselineUnverifiable, "finding") + " matched an entry of " +
               printable(run.baselineSource.value_or("the baseline")) +
               " only by the masked form of a secret (the file predates salted fingerprints): "
               "not accepted. Refresh it: qa-skill baseline create, then commit it.\n";
    }
    if (run.artifactDir) {
        out += "  details: " + artifact_path(run, root) + "\n";
    }
    return out;
}

}  // namespace

std::string terminal(const orchestrator::RunReport& report, const TerminalStyle& style) {
    const Palette p = palette(style.colour);
    const bool quiet = style.verbosity == Verbosity::quiet;
    if (report.runs.empty()) {
        return quiet ? "" : "qa-skill: PASS (nothing to check)\n";
    }
    std::string out;
    // Runs that passed with nothing to show: over kListedPasses of them (a push of every tag)
    // are one line, not one each.
    const auto plain = [&](const orchestrator::RunOutcome& run) {
        const auto& v = run.result.finalVerdict;
        return v.status == contracts::VerdictStatus::PASS && !v.degraded &&
               non_blocking(run).empty() && style.verbosity != Verbosity::verbose;
    };
    const auto plain_runs =
        static_cast<std::size_t>(std::count_if(report.runs.begin(), report.runs.end(), plain));
    const bool summarise = plain_runs > kListedPasses;
    if (summarise && !quiet) {
        std::size_t files = 0;
        const orchestrator::RunOutcome* first = nullptr;
        for (const auto& run : report.runs) {
            if (plain(run)) {
                first = first != nullptr ? first : &run;
                files += run.plan.changedFiles;
            }
        }
        out += std::string("qa-skill: ") + p.green + "PASS" + p.reset + " " +
               printable(first->label) + " and " + std::to_string(plain_runs - 1) + " more (" +
               plural(files, "file") + " checked; -v lists each)\n";
    }
    for (const auto& run : report.runs) {
        const auto& v = run.result.finalVerdict;
        if (v.status == contracts::VerdictStatus::PASS) {
            if ((!quiet || v.degraded) && !(summarise && plain(run))) {
                out += pass_block(run, style, p);
            }
        } else {
            out += fail_block(run, report.repoRoot, style, p);
        }
    }
    if (!report.passed()) {
        if (report.configNote) {
            out += "  note: " + printable(*report.configNote) + "\n";
        }
        out += ways_forward(report, style);
    }
    return out;
}

std::string failure_reasons(const orchestrator::RunReport& report) {
    std::string out;
    for (const auto& run : report.runs) {
        const auto& v = run.result.finalVerdict;
        if (v.status == contracts::VerdictStatus::PASS || !v.blockingFindings.empty()) {
            continue;
        }
        out += "qa-skill: FAIL " + printable(run.label) + ": the check could not complete\n" +
               failure_details(run, Palette{});
    }
    return out;
}

}  // namespace qa::report
