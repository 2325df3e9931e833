#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "rules/rule.hpp"

namespace qa::rules {

/// A rule of an embedded rules file as read_rule() read it at build time
/// (tools/prebuild_rules.cpp), without its examples, held as constant data: a run builds its
/// Rules from these instead of parsing the TOML text, which was a fifth of a commit hook's
/// instructions.
struct PrebuiltRule {
    std::string_view id;
    std::string_view description;
    std::string_view regex;
    std::span<const std::string_view> keywords;  ///< lowercase
    bool keywordPrefilter = false;
    std::string_view prefilterRegex;
    std::optional<int> secretGroup;
    double minEntropy = 0.0;
    std::optional<std::string_view> checksum;  ///< its name in the rules file
    std::optional<std::string_view> nextLine;
    std::string_view severity;
    bool blocking = false;
    bool changesOnly = false;
    std::string_view fix;
    std::span<const std::string_view> allowPaths;
    std::span<const std::string_view> allowRegexes;
    std::span<const std::string_view> allowStopwords;  ///< lowercase
    std::optional<int> allowSameAsGroup;
    std::span<const std::string_view> languages;
    std::string_view subLens;
};

/// One embedded rules file, read at build time.
struct PrebuiltFile {
    std::string_view path;  ///< as util::find_embedded() names it: "lenses/security/rules.toml"
    std::span<const PrebuiltRule> rules;
};

/// Every embedded rules file as read at build time (generated: prebuilt_rules.cpp).
std::span<const PrebuiltFile> prebuilt_files();

/// The prebuilt file at `path`, or nullptr.
const PrebuiltFile* find_prebuilt(std::string_view path);

/// The Rule read_rule() gives for the table `rule_data` was made from, without examples, its
/// regexes to be compiled on first use; Rule::lens is left empty.
Rule to_rule(const PrebuiltRule& rule_data);

}  // namespace qa::rules
