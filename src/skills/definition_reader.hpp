#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "skills/skill.hpp"
#include "skills/validation_error.hpp"
#include "skills/yaml_tree.hpp"

namespace qa::skills {

/// Where the parts of a skill's typed contract were read, for problems found once every document
/// (frontmatter, manifest) has been read.
struct ContractLocations {
    std::vector<std::string> pre_checks;   ///< "file:line:col" of each validation, in order
    std::vector<std::string> post_checks;  ///< likewise
    std::optional<std::string> cache_ttl_minutes;
};

/// Reads the fields of one skill definition document (SKILL.md frontmatter or
/// skill/manifest.v1.json) into a Skill and collects a `definition` validation_error, located
/// file:line:col, for each problem.
class DefinitionReader {
  public:
    /// `skill` names the skill in the problems; `file` is the document's path as shown.
    DefinitionReader(std::string skill, std::string file);

    std::string location(Mark mark) const;
    void problem(Mark mark, std::string check, std::string expected, std::string actual,
                 std::string suggestion);
    void problem_at(std::string where, std::string check, std::string expected, std::string actual,
                    std::string suggestion);
    /// Appends problems found in another document.
    void absorb(std::vector<ValidationError> more);
    std::vector<ValidationError> take() { return std::move(problems_); }

    /// A non-empty string scalar of at most `max` characters.
    std::optional<std::string> string_field(const YamlNode& node, const std::string& field,
                                            std::size_t max, const std::string& suggestion);
    /// An integer scalar of at least `min`.
    std::optional<std::int64_t> integer_field(const YamlNode& node, const std::string& field,
                                              std::int64_t min);

    /// One of seed 001's fields (version, input_schema, output_schema, pre_checks, post_checks,
    /// cacheable, cache_ttl_minutes) into `skill`; other keys are ignored.
    void seed_field(const std::string& key, const YamlNode& value, Skill& skill,
                    ContractLocations& where);
    /// The checks that need the whole contract: cache_ttl_minutes only when cacheable, names in
    /// checkable conditions declared. Orders inputs and outputs required first.
    void finish_contract(Skill& skill, const ContractLocations& where);

  private:
    void fields(const YamlNode& node, const std::string& where, bool inputs,
                std::vector<FieldSpec>& out);
    void field(const YamlNode& entry, const std::string& where, bool inputs, bool required,
               std::vector<FieldSpec>& out);
    void checks(const YamlNode& node, const std::string& where, std::vector<Check>& out,
                std::vector<std::string>& locations);
    void check_variables(const std::vector<Check>& checks, const std::vector<std::string>& marks,
                         const Skill& skill, bool post);

    std::string skill_;
    std::string file_;
    std::vector<ValidationError> problems_;
};

/// A node in a few words for an `actual` field: "a list", "a map", "nothing (null)", "\"text\"".
std::string describe(const YamlNode& node);

}  // namespace qa::skills
