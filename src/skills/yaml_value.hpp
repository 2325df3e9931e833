#pragma once

#include <optional>

#include "json/value.hpp"
#include "skills/yaml_tree.hpp"

namespace qa::skills {

/// A scalar resolved as YAML 1.2's core schema does: null (~, null, empty), booleans
/// (true/false in any of YAML's spellings), integers, floats; quoted text is always a string.
/// nullopt for a sequence or a map.
std::optional<json::Value> scalar_value(const YamlNode& node);

/// The whole node as JSON (maps keep their key order).
json::Value to_json(const YamlNode& node);

}  // namespace qa::skills
