#include "skills/protocol.hpp"

#include "cache/key.hpp"
#include "json/canonical.hpp"

namespace qa::skills {
namespace {

const json::Value* member(const json::Value& object, const std::string& name) {
    return object.is_object() ? object.find(name) : nullptr;
}

void run_checks(const Skill& skill, const std::vector<Check>& checks, bool post,
                const Condition::Lookup& lookup, ProtocolReport& report) {
    for (const auto& check : checks) {
        CheckOutcome outcome{check.description, check.validation, CheckStatus::NotCheckable, {}};
        if (const auto condition = Condition::parse(check.validation)) {
            outcome.status = condition->holds(lookup, &outcome.detail) ? CheckStatus::Passed
                                                                       : CheckStatus::Failed;
        }
        if (outcome.status == CheckStatus::Failed) {
            const std::string label = post ? "Post-check failed: " : "Pre-check failed: ";
            report.messages.push_back(label + check.description);
            report.errors.push_back(
                ValidationError{skill.name,
                                post ? "post_execution" : "pre_execution",
                                label + check.description,
                                check.validation,
                                outcome.detail,
                                post ? "Check the skill's result against: " + check.validation
                                     : "Change the inputs so that: " + check.validation,
                                {}});
        }
        report.checks.push_back(std::move(outcome));
    }
}

}  // namespace

std::string example_for(const FieldSpec& field) {
    if (field.default_value) {
        return json::canonical(*field.default_value);
    }
    const auto eg = field.description.find("e.g.");
    if (eg == std::string::npos) {
        return {};
    }
    std::string rest = field.description.substr(eg + 4);
    const auto start = rest.find_first_not_of(" ,:");
    if (start == std::string::npos) {
        return {};
    }
    rest = rest.substr(start);
    const auto end = rest.find_first_of(",;)");
    std::string item = rest.substr(0, end);
    while (!item.empty() && (item.back() == ' ' || item.back() == '.')) {
        item.pop_back();
    }
    if (item.empty()) {
        return {};
    }
    return field.type == FieldType::String ? "\"" + item + "\"" : item;
}

ProtocolReport check_inputs(const Skill& skill, const json::Value& inputs) {
    ProtocolReport report;
    // Step 1: required inputs exist.
    for (const auto& field : skill.inputs) {
        if (field.required && member(inputs, field.name) == nullptr) {
            const std::string example = example_for(field);
            report.messages.push_back("Missing required input: " + field.name);
            report.errors.push_back(ValidationError{
                skill.name,
                "pre_execution",
                "Required input validation",
                field.name + " (" + std::string(type_name(field.type)) + ") must be provided",
                field.name + " was not provided",
                example.empty()
                    ? "Add " + field.name + " parameter of type " +
                          std::string(type_name(field.type))
                    : "Add " + field.name + " parameter, e.g., " + field.name + ": " + example,
                {}});
        }
    }
    // Step 2: types, coerced where the table allows.
    json::Object values;
    if (inputs.is_object()) {
        for (const auto& [name, value] : inputs.as_object()) {
            const FieldSpec* field = skill.find_input(name);
            if (value.is_null() && field != nullptr && !field->required) {
                continue;  // a null optional input is not provided (LensPlan.subLensId: null)
            }
            if (field == nullptr) {
                report.messages.push_back("Undeclared input: " + name);
                report.warnings.push_back(ValidationError{skill.name,
                                                          "pre_execution",
                                                          "Undeclared input",
                                                          "inputs named in input_schema",
                                                          name + " is not declared",
                                                          "Remove " + name + " or declare it",
                                                          {}});
                values.emplace_back(name, value);
                continue;
            }
            auto coerced = value.is_null() ? std::nullopt : coerce(value, field->type);
            if (!coerced) {
                const std::string type(type_name(field->type));
                const std::string actual = actual_type(value);
                report.messages.push_back("Type mismatch for " + name + ": expected " + type +
                                          ", got " + actual);
                report.errors.push_back(ValidationError{skill.name,
                                                        "pre_execution",
                                                        "Input type validation",
                                                        name + " of type " + type,
                                                        name + " is " + actual,
                                                        "Provide " + name + " as " + type,
                                                        {}});
                continue;
            }
            values.emplace_back(name, std::move(*coerced));
        }
    }
    // Step 3: defaults.
    for (const auto& field : skill.inputs) {
        const json::Value* given = member(inputs, field.name);
        if (!field.required && field.default_value && (given == nullptr || given->is_null())) {
            values.emplace_back(field.name, *field.default_value);
        }
    }
    report.values = json::Value(std::move(values));
    // Step 4: pre_checks, on inputs that passed 1-3.
    if (report.errors.empty()) {
        const json::Value& v = report.values;
        run_checks(
            skill, skill.pre_checks, false, [&](const std::string& n) { return member(v, n); },
            report);
    }
    report.ok = report.errors.empty();
    if (report.ok && skill.cacheable) {
        report.cache_key = cache::make_key(skill.name, report.values).text();
    }
    return report;
}

ProtocolReport check_outputs(const Skill& skill, const json::Value& outputs,
                             const json::Value* inputs) {
    ProtocolReport report;
    report.values = outputs;
    for (const auto& field : skill.outputs) {
        const json::Value* value = member(outputs, field.name);
        const std::string type(type_name(field.type));
        if (value == nullptr) {
            if (field.required) {
                report.messages.push_back("Missing required output: " + field.name);
                report.errors.push_back(
                    ValidationError{skill.name,
                                    "post_execution",
                                    "Required output validation",
                                    field.name + " (" + type + ") must be produced",
                                    field.name + " was not produced",
                                    "Make the skill return " + field.name,
                                    {}});
            }
            continue;
        }
        if (!has_type(*value, field.type)) {
            report.messages.push_back("Output type mismatch for " + field.name);
            report.warnings.push_back(ValidationError{skill.name,
                                                      "post_execution",
                                                      "Output type validation",
                                                      field.name + " of type " + type,
                                                      field.name + " is " + actual_type(*value),
                                                      "Return " + field.name + " as " + type,
                                                      {}});
        }
    }
    run_checks(
        skill, skill.post_checks, true,
        [&](const std::string& n) -> const json::Value* {
            if (const json::Value* v = member(outputs, n)) {
                return v;
            }
            return inputs != nullptr ? member(*inputs, n) : nullptr;
        },
        report);
    report.ok = report.errors.empty();
    return report;
}

}  // namespace qa::skills
