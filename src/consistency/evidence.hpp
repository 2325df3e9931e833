#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "consistency/tree.hpp"
#include "rubric/check_eval.hpp"
#include "rubric/rubric.hpp"

namespace qa::consistency {

/// Counts the items (files, declarations) that follow a convention, keeping the first few that
/// do not, in the order they are added (path order: deterministic).
struct Tally {
    std::int64_t follows = 0;
    std::int64_t total = 0;
    std::vector<std::string> exceptions;

    void add(bool ok, std::string_view item);
    double ratio() const {
        return total == 0 ? 0.0 : static_cast<double>(follows) / static_cast<double>(total);
    }
};

/// How strongly the evidence holds a convention, by the documented thresholds: every one of at
/// least 10 items, or at least 95% of at least 20, makes a medium, blocking rule; at least 90% of
/// at least 5 a low one that does not block; anything weaker no deterministic rule.
struct Strength {
    contracts::Severity severity = contracts::Severity::low;
    bool blocking = false;
};
std::optional<Strength> strength(const Tally& tally);

/// "37 of 40 <what>"
std::string count_text(const Tally& tally, std::string_view what);

/// A deterministic rule from a tally, or nullopt when the tally is too weak (strength()).
std::optional<rubric::Rule> check_rule(std::string rule_id, std::string summary,
                                       rubric::Check check, const Tally& tally,
                                       std::string evidence_text);

/// A guidance rule (for the model) with the evidence it rests on; severity low, not blocking.
rubric::Rule guidance_rule(std::string rule_id, std::string summary, std::string guidance,
                           const Tally& tally, std::string evidence_text);

/// Counts the files of `tree` that `check` applies to and that follow it (file_problem()).
Tally tally_files(const rubric::CheckEval& check, const Tree& tree);

/// FileFacts of a tree file.
rubric::FileFacts facts(const TreeFile& file);

/// A rule id part from a folder ("src/" -> "src", "tests/unit/" -> "tests-unit").
std::string id_part(std::string_view folder);

}  // namespace qa::consistency
