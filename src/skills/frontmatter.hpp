#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "skills/yaml_tree.hpp"
#include "util/source_error.hpp"

namespace qa::skills {

/// A SKILL.md or chain file whose YAML cannot be read; the message is "file:line:col: problem".
class YamlError : public util::SourceError {
  public:
    using util::SourceError::SourceError;
};

/// A SKILL.md split into its YAML frontmatter (parsed, positions relative to the file) and its
/// Markdown body.
struct SkillDocument {
    YamlNode frontmatter;
    std::string body;
    std::uint32_t body_line = 1;  ///< file line where the body starts
};

/// Splits and parses SKILL.md text. The file must open with a `---` line and close the
/// frontmatter with another `---` line. Throws YamlError (named `file`) for a missing or
/// unterminated frontmatter, invalid YAML, a duplicate key, or a non-scalar map key.
SkillDocument parse_skill_document(std::string_view text, const std::string& file);

/// Parses a whole YAML document (a chain file; JSON is YAML too, so a JSON manifest comes through
/// here with positions). Throws YamlError.
YamlNode parse_yaml(std::string_view text, const std::string& file);

}  // namespace qa::skills
