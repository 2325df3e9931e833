#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "json/value.hpp"

namespace qa::exec {

/// Seed 004's FormatterCheck / LinterCheck / BuildCheck (issues are BuildCheck's `errors`).
struct CommandCheck {
    std::string status = "pass";  ///< pass | fail | skipped (build only)
    std::vector<std::string> issues;
    std::int64_t retryCount = 0;
    std::string command;
    std::int64_t executionTimeMs = 0;
};

/// Seed 004's TestsCheck.
struct TestsCheck {
    std::string status = "pass";  ///< pass | fail | skipped
    std::int64_t failingCount = 0;
    std::int64_t retryCount = 0;
    std::string command;
    std::int64_t executionTimeMs = 0;
};

/// Seed 004's CodeReviewCheck / SecurityReviewCheck (findings are `vulnerabilities` there).
struct ReviewCheck {
    std::string status = "pass";
    std::vector<std::string> findings;
    std::string severity = "none";
    std::int64_t executionTimeMs = 0;
};

/// Seed 004's PhaseValidationAgentOutput.
struct PhaseOutput {
    std::string status = "pass";
    std::int64_t executionTimeMs = 0;
    bool criticalSecurityIssue = false;  ///< written only when true
    CommandCheck formatter, linter, build;
    TestsCheck tests;
    ReviewCheck codeReview, securityReview;

    /// Sum of the checks' retry counts (total_retries).
    std::int64_t total_retries() const;
};

/// The output as JSON, members in the seed's order.
json::Value to_json(const PhaseOutput& output);

/// Pretty JSON text with members in insertion order (the seed's), ending in a newline.
std::string pretty_json(const json::Value& value);

/// Seed example 4: every check failed, the first one carrying `message`.
PhaseOutput invalid_input_output(const std::string& message);

}  // namespace qa::exec
