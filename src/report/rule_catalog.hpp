#pragma once

#include <map>
#include <string>
#include <vector>

namespace qa::report {

/// What a report says about a rule, taken from the rule data (the lenses' rules.toml, the
/// hygiene checks, the lenses' built-in rules), never from one of its findings.
struct RuleInfo {
    std::string id;           ///< as written in a suppression directive
    std::string description;  ///< one line
    std::string fix;          ///< how to fix or avoid a finding
    std::string severity;     ///< critical | high | medium | low | info
    bool blocking = false;
    std::vector<std::string> tags;  ///< the lens first, then languages
};

/// The built-in rules by id. Compiled from the embedded data once per call: meant for the
/// report of a run, not for a loop.
std::map<std::string, RuleInfo> builtin_rules();

/// GitHub code scanning's `security-severity` for a severity name: a score in the band GitHub
/// shows under that name (critical 9.0-10, high 7.0-8.9, medium 4.0-6.9, low 0.1-3.9).
std::string security_severity(const std::string& severity);

}  // namespace qa::report
