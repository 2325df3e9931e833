#include "skills/chain.hpp"

#include <re2/re2.h>

#include <map>
#include <optional>

#include "skills/frontmatter.hpp"
#include "skills/yaml_value.hpp"
#include "util/file.hpp"

namespace qa::skills {
namespace {

namespace fs = std::filesystem;

/// A `$step.field...` reference split into its parts.
struct Reference {
    std::string step;
    std::string field;
    std::string path;  ///< the `[N]` and `.member` accesses after the field, as written
};

std::optional<Reference> parse_reference(const std::string& text) {
    static const RE2 kReference(
        R"(\$([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z_][A-Za-z0-9_-]*)((?:\[[0-9]+\]|\.[A-Za-z_][A-Za-z0-9_-]*)*))");
    Reference r;
    if (!RE2::FullMatch(text, kReference, &r.step, &r.field, &r.path)) {
        return std::nullopt;
    }
    return r;
}

struct Step {
    std::string alias;
    const Skill* skill = nullptr;
};

class ChainChecker {
  public:
    ChainChecker(std::string file, std::vector<fs::path> dirs, LoadOptions options)
        : file_(std::move(file)), dirs_(std::move(dirs)), options_(options) {}

    ChainReport run(const YamlNode& root) {
        const YamlNode* steps = &root;
        if (root.is_map()) {
            steps = root.find("chain");
            if (steps == nullptr) {
                error(root.mark, "", "Chain file shape", "a 'chain:' list of steps", "no chain key",
                      "Write 'chain:' followed by '- skill: ...' steps");
                return std::move(report_);
            }
        }
        if (!steps->is_sequence() || steps->items.empty()) {
            error(steps->mark, "", "Chain file shape", "a non-empty list of steps",
                  "the chain is not a list of steps", "Write each step as '- skill: name'");
            return std::move(report_);
        }
        for (const auto& step : steps->items) {
            check_step(step);
        }
        return std::move(report_);
    }

  private:
    std::string location(Mark m) const {
        return file_ + ":" + std::to_string(m.line) + ":" + std::to_string(m.column);
    }

    void error(Mark m, const std::string& skill, std::string check, std::string expected,
               std::string actual, std::string suggestion) {
        report_.errors.push_back(ValidationError{skill, "chain", std::move(check),
                                                 std::move(expected), std::move(actual),
                                                 std::move(suggestion), location(m)});
    }

    const Skill* find_skill(const std::string& name, Mark mark) {
        if (const auto it = skills_.find(name); it != skills_.end()) {
            return it->second ? &*it->second : nullptr;
        }
        auto& slot = skills_[name];
        for (const auto& dir : dirs_) {
            const fs::path candidate = dir / name / "SKILL.md";
            std::error_code ec;
            if (!fs::is_regular_file(candidate, ec)) {
                continue;
            }
            LoadResult loaded = load_skill(candidate, options_);
            if (!loaded.skill) {
                error(mark, name, "Chain skill is valid", name + " has a valid SKILL.md",
                      candidate.string() + " has " + std::to_string(loaded.problems.size()) +
                          " problem(s)",
                      "Run 'qa-skill skill validate " + candidate.parent_path().string() + "'");
                for (auto& p : loaded.problems) {
                    report_.errors.push_back(std::move(p));
                }
                return nullptr;
            }
            slot = std::move(loaded.skill);
            return &*slot;
        }
        error(mark, name, "Chain skill exists", "a folder " + name + "/ with SKILL.md",
              "no " + name + "/SKILL.md in the skill directories",
              "Pass the folder holding it with --skills-dir");
        return nullptr;
    }

    void check_step(const YamlNode& node) {
        const YamlNode* skill_node = node.is_map() ? node.find("skill") : nullptr;
        if (skill_node == nullptr || !skill_node->is_scalar() || skill_node->scalar.empty()) {
            error(node.mark, "", "Chain step shape", "a step with 'skill: <name>'",
                  "the step has no skill", "Add 'skill: <name>'");
            return;
        }
        for (std::size_t i = 0; i < node.keys.size(); ++i) {
            const auto& k = node.keys[i];
            if (k != "skill" && k != "inputs" && k != "outputs_as") {
                error(node.key_marks[i], skill_node->scalar, "Chain step keys",
                      "skill, inputs and outputs_as", "the step has " + k, "Remove " + k);
            }
        }
        const Skill* skill = find_skill(skill_node->scalar, skill_node->mark);
        const YamlNode* inputs = node.find("inputs");
        if (inputs != nullptr && !inputs->is_map() && !inputs->is_null()) {
            error(inputs->mark, skill_node->scalar, "Chain step inputs", "inputs: a map",
                  "inputs is not a map", "Write 'inputs:' with 'name: value' lines");
            inputs = nullptr;
        }
        if (skill != nullptr) {
            check_inputs(*skill, inputs, node.mark);
        }
        if (const YamlNode* alias = node.find("outputs_as")) {
            if (!alias->is_scalar() || alias->scalar.empty()) {
                error(alias->mark, skill_node->scalar, "Chain step outputs_as", "a name",
                      "outputs_as is not a name", "Write 'outputs_as: step1'");
            } else if (steps_.contains(alias->scalar)) {
                error(alias->mark, skill_node->scalar, "Chain step outputs_as unique",
                      "a name no earlier step uses", alias->scalar + " is used twice",
                      "Rename one of the steps");
            } else {
                steps_[alias->scalar] = Step{alias->scalar, skill};
            }
        }
    }

    void check_inputs(const Skill& target, const YamlNode* inputs, Mark step_mark) {
        for (const auto& field : target.inputs) {
            if (field.required && (inputs == nullptr || inputs->find(field.name) == nullptr)) {
                report_.messages.push_back("Missing required input: " + field.name);
                error(inputs ? inputs->mark : step_mark, target.name, "Required input validation",
                      field.name + " (" + std::string(type_name(field.type)) + ") must be provided",
                      field.name + " was not provided", "Add " + field.name + " to the inputs");
            }
        }
        if (inputs == nullptr || !inputs->is_map()) {
            return;
        }
        for (std::size_t i = 0; i < inputs->keys.size(); ++i) {
            const std::string& name = inputs->keys[i];
            const YamlNode& value = inputs->items[i];
            const FieldSpec* field = target.find_input(name);
            if (field == nullptr) {
                error(inputs->key_marks[i], target.name, "Chain input declared",
                      name + " in " + target.name + "'s input_schema", name + " is not declared",
                      "Remove " + name + " or declare it in " + target.name);
                continue;
            }
            if (value.is_scalar() && !value.scalar.empty() && value.scalar.front() == '$') {
                check_reference(target, *field, value);
                continue;
            }
            const json::Value literal = to_json(value);
            if (!coerce(literal, field->type)) {
                error(value.mark, target.name, "Chain input type",
                      name + " of type " + std::string(type_name(field->type)),
                      name + " is " + actual_type(literal),
                      "Give " + name + " a " + std::string(type_name(field->type)));
            }
        }
    }

    void check_reference(const Skill& target, const FieldSpec& input, const YamlNode& value) {
        const auto ref = parse_reference(value.scalar);
        if (!ref) {
            error(value.mark, target.name, "Chain reference syntax",
                  "$step.field, then [N] or .member", value.scalar,
                  "Write e.g. $memory.entities[0].body");
            return;
        }
        const auto step = steps_.find(ref->step);
        if (step == steps_.end()) {
            error(value.mark, target.name, "Chain reference resolves",
                  "an earlier step with outputs_as: " + ref->step, "no earlier step " + ref->step,
                  "Set outputs_as: " + ref->step + " on an earlier step");
            return;
        }
        const Skill* source = step->second.skill;
        if (source == nullptr) {
            return;  // its skill was already reported
        }
        const FieldSpec* output = source->find_output(ref->field);
        if (output == nullptr) {
            report_.messages.push_back("Chain incompatibility: " + source->name + "." + ref->field +
                                       " cannot feed " + target.name + "." + input.name);
            error(value.mark, target.name, "Chain reference declared",
                  ref->field + " in " + source->name + "'s output_schema",
                  source->name + " declares no output " + ref->field,
                  "Reference one of " + source->name + "'s outputs");
            return;
        }
        // Walk the [N] and .member accesses: an element of an array type, then members of an
        // object, whose types the schema does not declare.
        FieldType type = output->type;
        bool known = true;
        std::string path = ref->path;
        std::string walked = ref->field;
        while (!path.empty() && known) {
            const bool index = path.front() == '[';
            const auto end = index ? path.find(']') + 1 : path.find_first_of(".[", 1);
            const std::string part = path.substr(0, end);
            path = end == std::string::npos ? "" : path.substr(end);
            if (index && (type == FieldType::StringArray || type == FieldType::ObjectArray)) {
                type = type == FieldType::StringArray ? FieldType::String : FieldType::Object;
            } else if (!index && type == FieldType::Object) {
                known = false;  // a member of an object: undeclared, checked when the chain runs
            } else {
                error(value.mark, target.name, "Chain reference access",
                      std::string(index ? "[N] on string[] or object[]" : ".member on an object"),
                      source->name + "." + walked + " is " + std::string(type_name(type)),
                      "Drop " + part + " from the reference");
                return;
            }
            walked += part;
        }
        const std::string link = value.scalar + " (" +
                                 (known ? std::string(type_name(type)) : "undeclared member") +
                                 ") -> " + target.name + "." + input.name + " (" +
                                 std::string(type_name(input.type)) + ")";
        if (!known) {
            report_.links.push_back(link + ": checked when the chain runs");
            return;
        }
        std::string how;
        if (!compatible(type, input.type, &how)) {
            const std::string message = "Chain incompatibility: " + source->name + "." + walked +
                                        " cannot feed " + target.name + "." + input.name;
            report_.messages.push_back(message);
            error(value.mark, target.name, message,
                  input.name + " of type " + std::string(type_name(input.type)) +
                      " (or a type the compatibility matrix allows)",
                  source->name + "." + walked + " is " + std::string(type_name(type)),
                  "Feed " + input.name + " from an output of a compatible type");
            return;
        }
        report_.links.push_back(link + ": " + how);
    }

    std::string file_;
    std::vector<fs::path> dirs_;
    LoadOptions options_;
    std::map<std::string, std::optional<Skill>> skills_;
    std::map<std::string, Step> steps_;
    ChainReport report_;
};

}  // namespace

ChainReport check_chain(const fs::path& chain_file, const std::vector<fs::path>& skill_dirs,
                        const LoadOptions& options) {
    const std::string file = chain_file.string();
    const std::string text = util::read_file(chain_file);
    ChainChecker checker(file, skill_dirs, options);
    try {
        return checker.run(parse_yaml(text, file));
    } catch (const YamlError& e) {
        ChainReport report;
        report.errors.push_back(ValidationError{
            "", "chain", "Chain file YAML", "valid YAML", e.what(),
            "Fix the YAML at the position shown",
            file + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column())});
        return report;
    }
}

}  // namespace qa::skills
