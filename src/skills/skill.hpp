#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "json/value.hpp"
#include "skills/field_type.hpp"
#include "skills/yaml_tree.hpp"

namespace qa::skills {

/// One declared input or output of a skill (seed 001's input_schema/output_schema entries).
struct FieldSpec {
    std::string name;
    FieldType type = FieldType::String;
    std::string description;
    bool required = false;
    std::optional<json::Value> default_value;  ///< optional inputs only
};

/// A pre_check or post_check: a description and a `validation` condition.
struct Check {
    std::string description;
    std::string validation;
};

/// A skill as its SKILL.md (and, for qa-skill itself, skill/manifest.v1.json) declares it.
struct Skill {
    std::string file;  ///< the SKILL.md path as given
    // Agent Skills specification fields.
    std::string name;
    std::string description;
    std::optional<std::string> license;
    std::optional<std::string> compatibility;
    std::vector<std::pair<std::string, std::string>> metadata;
    std::optional<std::string> allowed_tools;
    // Seed 001 fields.
    std::int64_t version = 1;
    std::vector<FieldSpec> inputs;   ///< required ones first, in declaration order
    std::vector<FieldSpec> outputs;  ///< required ones first, in declaration order
    std::vector<Check> pre_checks;
    std::vector<Check> post_checks;
    bool cacheable = false;
    std::int64_t cache_ttl_minutes = 0;

    const FieldSpec* find_input(const std::string& n) const {
        for (const auto& f : inputs) {
            if (f.name == n) {
                return &f;
            }
        }
        return nullptr;
    }
    const FieldSpec* find_output(const std::string& n) const {
        for (const auto& f : outputs) {
            if (f.name == n) {
                return &f;
            }
        }
        return nullptr;
    }
};

}  // namespace qa::skills
