#include "skills/definition_reader.hpp"

#include <algorithm>
#include <cctype>

#include "skills/check_language.hpp"
#include "skills/yaml_value.hpp"

namespace qa::skills {
namespace {

bool is_field_name(const std::string& name) {
    if (name.empty() ||
        !(std::isalpha(static_cast<unsigned char>(name.front())) || name.front() == '_')) {
        return false;
    }
    for (const char c : name) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) {
            return false;
        }
    }
    return true;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) {
        out += (out.empty() ? "" : ", ") + i;
    }
    return out;
}

std::vector<FieldSpec> required_first(std::vector<FieldSpec> fields) {
    std::stable_partition(fields.begin(), fields.end(),
                          [](const FieldSpec& f) { return f.required; });
    return fields;
}

}  // namespace

std::string describe(const YamlNode& node) {
    switch (node.kind) {
        case YamlNode::Kind::Null:
            return "nothing (null)";
        case YamlNode::Kind::Sequence:
            return "a list";
        case YamlNode::Kind::Map:
            return "a map";
        case YamlNode::Kind::Scalar:
            break;
    }
    const std::string shown =
        node.scalar.size() > 60 ? node.scalar.substr(0, 57) + "..." : node.scalar;
    return "\"" + shown + "\"";
}

DefinitionReader::DefinitionReader(std::string skill, std::string file)
    : skill_(std::move(skill)), file_(std::move(file)) {}

std::string DefinitionReader::location(Mark mark) const {
    return file_ + ":" + std::to_string(mark.line) + ":" + std::to_string(mark.column);
}

void DefinitionReader::problem(Mark mark, std::string check, std::string expected,
                               std::string actual, std::string suggestion) {
    problem_at(location(mark), std::move(check), std::move(expected), std::move(actual),
               std::move(suggestion));
}

void DefinitionReader::problem_at(std::string where, std::string check, std::string expected,
                                  std::string actual, std::string suggestion) {
    problems_.push_back(ValidationError{skill_, "definition", std::move(check), std::move(expected),
                                        std::move(actual), std::move(suggestion),
                                        std::move(where)});
}

void DefinitionReader::absorb(std::vector<ValidationError> more) {
    for (auto& p : more) {
        problems_.push_back(std::move(p));
    }
}

std::optional<std::string> DefinitionReader::string_field(const YamlNode& node,
                                                          const std::string& field, std::size_t max,
                                                          const std::string& suggestion) {
    if (!node.is_scalar()) {
        problem(node.mark, field + " is a string", field + " must be a string",
                field + " is " + describe(node), suggestion);
        return std::nullopt;
    }
    if (node.scalar.empty() || node.scalar.size() > max) {
        problem(node.mark, field + " length",
                field + " must be 1-" + std::to_string(max) + " characters",
                field + " has " + std::to_string(node.scalar.size()) + " characters", suggestion);
        return std::nullopt;
    }
    return node.scalar;
}

std::optional<std::int64_t> DefinitionReader::integer_field(const YamlNode& node,
                                                            const std::string& field,
                                                            std::int64_t min) {
    const auto value = scalar_value(node);
    if (!value || !value->is_integer() || value->as_integer() < min) {
        problem(node.mark, field + " is an integer",
                field + " must be an integer >= " + std::to_string(min),
                field + " is " + describe(node), "Write " + field + ": " + std::to_string(min));
        return std::nullopt;
    }
    return value->as_integer();
}

void DefinitionReader::fields(const YamlNode& node, const std::string& where, bool inputs,
                              std::vector<FieldSpec>& out) {
    if (!node.is_map()) {
        problem(node.mark, where + " shape",
                where + " must be a map with required and/or optional lists",
                where + " is " + describe(node),
                "Write " + where + " with 'required:' and 'optional:' lists");
        return;
    }
    for (std::size_t i = 0; i < node.keys.size(); ++i) {
        const std::string& key = node.keys[i];
        if (key != "required" && key != "optional") {
            problem(node.key_marks[i], where + " keys", where + " holds only required and optional",
                    where + " has " + key, "Move " + key + " under required or optional");
            continue;
        }
        const YamlNode& list = node.items[i];
        if (list.is_null()) {
            continue;
        }
        if (!list.is_sequence()) {
            problem(list.mark, where + "." + key + " is a list",
                    where + "." + key + " must be a list of {name, type, description}",
                    where + "." + key + " is " + describe(list),
                    "Write each entry as '- name: ...'");
            continue;
        }
        for (const auto& entry : list.items) {
            field(entry, where + "." + key, inputs, key == "required", out);
        }
    }
}

void DefinitionReader::field(const YamlNode& entry, const std::string& where, bool inputs,
                             bool required, std::vector<FieldSpec>& out) {
    if (!entry.is_map()) {
        problem(entry.mark, where + " entry", "each entry of " + where + " must be a map",
                "an entry is " + describe(entry), "Write '- name: x' with type and description");
        return;
    }
    FieldSpec spec;
    spec.required = required;
    bool ok = true;
    const YamlNode* name = entry.find("name");
    const YamlNode* type = entry.find("type");
    const YamlNode* description = entry.find("description");
    if (name == nullptr || !name->is_scalar() || !is_field_name(name->scalar)) {
        problem(name ? name->mark : entry.mark, where + " entry name",
                "name: an identifier (letters, digits, _ and -)",
                name ? "name is " + describe(*name) : "name is missing",
                "Give the entry a name such as 'name: query'");
        ok = false;
    } else {
        spec.name = name->scalar;
    }
    const std::string label = spec.name.empty() ? where : where + " " + spec.name;
    if (type == nullptr || !type->is_scalar() || !parse_type(type->scalar)) {
        problem(type ? type->mark : entry.mark, label + " type",
                "type: one of " + std::string(type_names()),
                type ? "type is " + describe(*type) : "type is missing",
                "Declare the type, e.g. 'type: string'");
        ok = false;
    } else {
        spec.type = *parse_type(type->scalar);
    }
    if (description == nullptr || !description->is_scalar() || description->scalar.empty()) {
        problem(
            description ? description->mark : entry.mark, label + " description",
            "description: what this " + std::string(inputs ? "input" : "output") + " represents",
            description ? "description is " + describe(*description) : "description is missing",
            "Add a one-line description");
        ok = false;
    } else {
        spec.description = description->scalar;
    }
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
        const std::string& key = entry.keys[i];
        if (key == "name" || key == "type" || key == "description") {
            continue;
        }
        if (key == "default" && inputs && !required) {
            const YamlNode& node = entry.items[i];
            const json::Value value = to_json(node);
            auto coerced = ok ? coerce(value, spec.type) : std::nullopt;
            if (ok && !coerced) {
                problem(node.mark, label + " default type",
                        "default of type " + std::string(type_name(spec.type)),
                        "default is " + actual_type(value),
                        "Give a default of the declared type, or drop it");
                ok = false;
            } else if (coerced) {
                spec.default_value = std::move(*coerced);
            }
            continue;
        }
        problem(entry.key_marks[i], label + " keys",
                key == "default" ? "default only on optional inputs"
                                 : "entry keys name, type, description" +
                                       std::string(inputs && !required ? ", default" : ""),
                "entry has " + key, "Remove " + key);
        ok = false;
    }
    if (!ok) {
        return;
    }
    for (const auto& existing : out) {
        if (existing.name == spec.name) {
            problem(name->mark, label + " unique", spec.name + " declared once",
                    spec.name + " is declared twice", "Remove one of the declarations");
            return;
        }
    }
    out.push_back(std::move(spec));
}

void DefinitionReader::checks(const YamlNode& node, const std::string& where,
                              std::vector<Check>& out, std::vector<std::string>& locations) {
    if (!node.is_sequence()) {
        problem(node.mark, where + " is a list",
                where + " must be a list of {description, validation}",
                where + " is " + describe(node), "Write each check as '- description: ...'");
        return;
    }
    for (const auto& entry : node.items) {
        const YamlNode* description = entry.is_map() ? entry.find("description") : nullptr;
        const YamlNode* validation = entry.is_map() ? entry.find("validation") : nullptr;
        bool ok = entry.is_map() && entry.keys.size() == 2 && description && validation;
        ok = ok && description->is_scalar() && !description->scalar.empty() &&
             validation->is_scalar() && !validation->scalar.empty();
        if (!ok) {
            problem(entry.mark, where + " entry",
                    "each check has exactly a description and a validation string",
                    "the entry is " + describe(entry) +
                        (entry.is_map() ? " with keys " + join(entry.keys) : ""),
                    "Write '- description: ...' and 'validation: ...'");
            continue;
        }
        out.push_back(Check{description->scalar, validation->scalar});
        locations.push_back(location(validation->mark));
    }
}

void DefinitionReader::seed_field(const std::string& key, const YamlNode& value, Skill& skill,
                                  ContractLocations& where) {
    if (key == "version") {
        if (auto v = integer_field(value, "version", 1)) {
            skill.version = *v;
        }
    } else if (key == "input_schema") {
        fields(value, "input_schema", true, skill.inputs);
    } else if (key == "output_schema") {
        fields(value, "output_schema", false, skill.outputs);
    } else if (key == "pre_checks") {
        checks(value, key, skill.pre_checks, where.pre_checks);
    } else if (key == "post_checks") {
        checks(value, key, skill.post_checks, where.post_checks);
    } else if (key == "cacheable") {
        const auto v = scalar_value(value);
        if (!v || !v->is_bool()) {
            problem(value.mark, "cacheable is a boolean", "cacheable: true or false",
                    "cacheable is " + describe(value), "Write 'cacheable: true' or false");
        } else {
            skill.cacheable = v->as_bool();
        }
    } else if (key == "cache_ttl_minutes") {
        if (auto v = integer_field(value, "cache_ttl_minutes", 0)) {
            skill.cache_ttl_minutes = *v;
            where.cache_ttl_minutes = location(value.mark);
        }
    }
}

void DefinitionReader::finish_contract(Skill& skill, const ContractLocations& where) {
    if (where.cache_ttl_minutes && !skill.cacheable) {
        problem_at(*where.cache_ttl_minutes, "cache_ttl_minutes only when cacheable",
                   "cache_ttl_minutes only with cacheable: true",
                   "cache_ttl_minutes is set and cacheable is not true",
                   "Set 'cacheable: true' or remove cache_ttl_minutes");
    }
    skill.inputs = required_first(std::move(skill.inputs));
    skill.outputs = required_first(std::move(skill.outputs));
    check_variables(skill.pre_checks, where.pre_checks, skill, false);
    check_variables(skill.post_checks, where.post_checks, skill, true);
}

void DefinitionReader::check_variables(const std::vector<Check>& checks,
                                       const std::vector<std::string>& marks, const Skill& skill,
                                       bool post) {
    for (std::size_t i = 0; i < checks.size() && i < marks.size(); ++i) {
        const auto condition = Condition::parse(checks[i].validation);
        if (!condition) {
            continue;  // not machine-checkable: reported when the protocol runs, not a defect
        }
        for (const auto& name : condition->variables()) {
            if (skill.find_input(name) == nullptr &&
                (!post || skill.find_output(name) == nullptr)) {
                problem_at(marks[i], std::string(post ? "post_checks" : "pre_checks") + " names",
                           name + " declared in input_schema" + (post ? " or output_schema" : ""),
                           name + " is not declared",
                           "Declare " + name + " or correct the name in the validation");
            }
        }
    }
}

}  // namespace qa::skills
