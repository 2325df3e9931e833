#include "skills/skill_loader.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "skills/check_language.hpp"
#include "skills/frontmatter.hpp"
#include "skills/yaml_value.hpp"
#include "util/file.hpp"

namespace qa::skills {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxName = 64;
constexpr std::size_t kMaxDescription = 1024;
constexpr std::size_t kMaxCompatibility = 500;

/// Fields of the Agent Skills specification; the reference validator allows only these.
const std::set<std::string> kSpecFields = {"name",          "description", "license",
                                           "compatibility", "metadata",    "allowed-tools"};
/// Seed 001's fields, allowed in the frontmatter or in skill/manifest.v1.json.
const std::set<std::string> kSeedFields = {"version",          "input_schema", "output_schema",
                                           "pre_checks",       "post_checks",  "cacheable",
                                           "cache_ttl_minutes"};

bool is_valid_name(const std::string& name) {
    if (name.empty() || name.size() > kMaxName || name.front() == '-' || name.back() == '-' ||
        name.find("--") != std::string::npos) {
        return false;
    }
    for (const char c : name) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
            return false;
        }
    }
    return true;
}

/// A clone's folder name is whoever cloned it's choice, so the root SKILL.md of a repository is
/// not held to it (except under --strict, the reference validator's rule).
bool is_repository_root(const fs::path& folder) {
    std::error_code ec;
    return fs::exists(folder / ".git", ec);
}

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

/// A YamlError's message without its "file:line:col: " prefix (the location says it).
std::string problem_of(const YamlError& e) {
    const std::string prefix =
        e.file() + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": ";
    const std::string text = e.what();
    return text.starts_with(prefix) ? text.substr(prefix.size()) : text;
}

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

/// Walks one document (frontmatter or manifest) and collects problems.
class Checker {
  public:
    Checker(std::string skill, std::string file)
        : skill_(std::move(skill)), file_(std::move(file)) {}

    std::string location(Mark mark) const {
        return file_ + ":" + std::to_string(mark.line) + ":" + std::to_string(mark.column);
    }

    void problem(Mark mark, std::string check, std::string expected, std::string actual,
                 std::string suggestion) {
        problem_at(location(mark), std::move(check), std::move(expected), std::move(actual),
                   std::move(suggestion));
    }

    void problem_at(std::string where, std::string check, std::string expected, std::string actual,
                    std::string suggestion) {
        problems_.push_back(ValidationError{skill_, "definition", std::move(check),
                                            std::move(expected), std::move(actual),
                                            std::move(suggestion), std::move(where)});
    }

    void absorb(std::vector<ValidationError> more) {
        for (auto& p : more) {
            problems_.push_back(std::move(p));
        }
    }

    /// A non-empty string scalar of at most `max` characters.
    std::optional<std::string> string_field(const YamlNode& node, const std::string& field,
                                            std::size_t max, const std::string& suggestion) {
        if (!node.is_scalar()) {
            problem(node.mark, field + " is a string", field + " must be a string",
                    field + " is " + describe(node), suggestion);
            return std::nullopt;
        }
        if (node.scalar.empty() || node.scalar.size() > max) {
            problem(node.mark, field + " length",
                    field + " must be 1-" + std::to_string(max) + " characters",
                    field + " has " + std::to_string(node.scalar.size()) + " characters",
                    suggestion);
            return std::nullopt;
        }
        return node.scalar;
    }

    std::optional<std::int64_t> integer_field(const YamlNode& node, const std::string& field,
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

    void fields(const YamlNode& node, const std::string& where, bool inputs,
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
                problem(node.key_marks[i], where + " keys",
                        where + " holds only required and optional", where + " has " + key,
                        "Move " + key + " under required or optional");
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

    void field(const YamlNode& entry, const std::string& where, bool inputs, bool required,
               std::vector<FieldSpec>& out) {
        if (!entry.is_map()) {
            problem(entry.mark, where + " entry", "each entry of " + where + " must be a map",
                    "an entry is " + describe(entry),
                    "Write '- name: x' with type and description");
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
                "description: what this " + std::string(inputs ? "input" : "output") +
                    " represents",
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

    void checks(const YamlNode& node, const std::string& where, std::vector<Check>& out) {
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
            check_locations_.push_back(location(validation->mark));
        }
    }

    static std::string join(const std::vector<std::string>& items) {
        std::string out;
        for (const auto& i : items) {
            out += (out.empty() ? "" : ", ") + i;
        }
        return out;
    }

    std::vector<ValidationError> take() { return std::move(problems_); }
    std::vector<std::string> check_locations_;

  private:
    std::string skill_;
    std::string file_;
    std::vector<ValidationError> problems_;
};

/// One seed 001 field of a document (frontmatter or manifest) into `skill`.
void seed_field(Checker& c, const std::string& key, const YamlNode& value, Skill& skill,
                std::vector<std::string>& pre_marks, std::vector<std::string>& post_marks,
                std::optional<std::string>& ttl_location) {
    if (key == "version") {
        if (auto v = c.integer_field(value, "version", 1)) {
            skill.version = *v;
        }
    } else if (key == "input_schema") {
        c.fields(value, "input_schema", true, skill.inputs);
    } else if (key == "output_schema") {
        c.fields(value, "output_schema", false, skill.outputs);
    } else if (key == "pre_checks" || key == "post_checks") {
        c.check_locations_.clear();
        c.checks(value, key, key == "pre_checks" ? skill.pre_checks : skill.post_checks);
        (key == "pre_checks" ? pre_marks : post_marks) = c.check_locations_;
    } else if (key == "cacheable") {
        const auto v = scalar_value(value);
        if (!v || !v->is_bool()) {
            c.problem(value.mark, "cacheable is a boolean", "cacheable: true or false",
                      "cacheable is " + describe(value), "Write 'cacheable: true' or false");
        } else {
            skill.cacheable = v->as_bool();
        }
    } else if (key == "cache_ttl_minutes") {
        if (auto v = c.integer_field(value, "cache_ttl_minutes", 0)) {
            skill.cache_ttl_minutes = *v;
            ttl_location = c.location(value.mark);
        }
    }
}

std::vector<FieldSpec> required_first(std::vector<FieldSpec> fields) {
    std::stable_partition(fields.begin(), fields.end(),
                          [](const FieldSpec& f) { return f.required; });
    return fields;
}

void check_variables(Checker& c, const std::vector<Check>& checks,
                     const std::vector<std::string>& marks, const Skill& skill, bool post) {
    for (std::size_t i = 0; i < checks.size() && i < marks.size(); ++i) {
        const auto condition = Condition::parse(checks[i].validation);
        if (!condition) {
            continue;  // not machine-checkable: reported when the protocol runs, not a defect
        }
        for (const auto& name : condition->variables()) {
            if (skill.find_input(name) == nullptr &&
                (!post || skill.find_output(name) == nullptr)) {
                c.problem_at(marks[i], std::string(post ? "post_checks" : "pre_checks") + " names",
                             name + " declared in input_schema" + (post ? " or output_schema" : ""),
                             name + " is not declared",
                             "Declare " + name + " or correct the name in the validation");
            }
        }
    }
}

}  // namespace

fs::path skill_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec) || path.extension() != ".md") {
        return path / "SKILL.md";
    }
    return path;
}

LoadResult load_skill(const fs::path& path, const LoadOptions& options) {
    const fs::path file = skill_file(path);
    const std::string file_name = file.string();
    const std::string text = util::read_file(file);
    const fs::path folder = fs::absolute(file).lexically_normal().parent_path();
    const std::string directory = folder.filename().string();

    // The skill's name for the error records: its own when readable, else its folder's.
    SkillDocument doc;
    std::string skill_label = directory;
    try {
        doc = parse_skill_document(text, file_name);
    } catch (const YamlError& e) {
        Checker c(skill_label, file_name);
        c.problem(Mark{e.line(), e.column()}, "YAML frontmatter",
                  "YAML frontmatter between '---' lines", problem_of(e),
                  "Fix the YAML at the position shown");
        return {std::nullopt, c.take()};
    }
    const YamlNode& fm = doc.frontmatter;
    if (const YamlNode* n = fm.find("name"); n != nullptr && n->is_scalar() && !n->scalar.empty()) {
        skill_label = n->scalar;
    }
    Checker c(skill_label, file_name);
    Skill skill;
    skill.file = file_name;
    if (!fm.is_map()) {
        c.problem(fm.mark, "frontmatter is a map", "a map of fields (name, description, ...)",
                  "the frontmatter is " + describe(fm), "Write 'name: ...' and 'description: ...'");
        return {std::nullopt, c.take()};
    }

    // Agent Skills specification fields.
    const YamlNode* name = fm.find("name");
    if (name == nullptr) {
        c.problem(fm.mark, "name present", "name: the skill's identifier", "name is missing",
                  "Add 'name: " + directory + "'");
    } else if (auto v = c.string_field(*name, "name", kMaxName, "Use the folder's name")) {
        if (!is_valid_name(*v)) {
            c.problem(name->mark, "name format",
                      "1-64 lowercase letters, digits and single hyphens, not starting or ending "
                      "with a hyphen",
                      "name is \"" + *v + "\"", "Rename to kebab-case, e.g. 'my-skill'");
        } else if (*v != directory && (options.strict || !is_repository_root(folder))) {
            c.problem(name->mark, "name matches directory",
                      "name equal to its directory's name \"" + directory + "\"",
                      "name is \"" + *v + "\"",
                      "Rename the folder or the skill so that they agree");
        }
        skill.name = *v;
    }
    const YamlNode* description = fm.find("description");
    if (description == nullptr) {
        c.problem(fm.mark, "description present",
                  "description: what the skill does and when to use it", "description is missing",
                  "Add 'description: <what it does>. Use when <situation>.'");
    } else if (auto v = c.string_field(*description, "description", kMaxDescription,
                                       "Say what the skill does and when to use it, in at most "
                                       "1024 characters")) {
        skill.description = *v;
    }
    if (const YamlNode* n = fm.find("license")) {
        skill.license = c.string_field(*n, "license", 1024, "Write a license name, e.g. MIT");
    }
    if (const YamlNode* n = fm.find("compatibility")) {
        skill.compatibility = c.string_field(*n, "compatibility", kMaxCompatibility,
                                             "Shorten to the environment requirements");
    }
    if (const YamlNode* n = fm.find("allowed-tools")) {
        skill.allowed_tools = c.string_field(
            *n, "allowed-tools", 4096,
            "List the tools in one space-delimited string, e.g. \"Bash(git:*) Read\"");
    }
    if (const YamlNode* n = fm.find("metadata")) {
        if (!n->is_map()) {
            c.problem(n->mark, "metadata is a map", "metadata: a map of string keys to strings",
                      "metadata is " + describe(*n), "Write 'metadata:' with 'key: value' lines");
        } else {
            for (std::size_t i = 0; i < n->keys.size(); ++i) {
                if (!n->items[i].is_scalar()) {
                    c.problem(n->items[i].mark, "metadata values are strings",
                              "metadata." + n->keys[i] + " is a string",
                              "metadata." + n->keys[i] + " is " + describe(n->items[i]),
                              "Write the value as one string");
                } else {
                    skill.metadata.emplace_back(n->keys[i], n->items[i].scalar);
                }
            }
        }
    }

    // Seed 001 fields, from the frontmatter and from skill/manifest.v1.json.
    std::vector<std::string> pre_marks;
    std::vector<std::string> post_marks;
    std::optional<std::string> ttl_location;
    std::set<std::string> seen_seed;
    for (std::size_t i = 0; i < fm.keys.size(); ++i) {
        const std::string& key = fm.keys[i];
        if (kSeedFields.contains(key)) {
            if (options.strict) {
                c.problem(fm.key_marks[i], "Agent Skills fields",
                          "only name, description, license, compatibility, metadata, allowed-tools",
                          "frontmatter has " + key, "Move " + key + " into skill/manifest.v1.json");
            }
            seen_seed.insert(key);
            seed_field(c, key, fm.items[i], skill, pre_marks, post_marks, ttl_location);
        } else if (!kSpecFields.contains(key) && options.strict) {
            c.problem(fm.key_marks[i], "Agent Skills fields",
                      "only name, description, license, compatibility, metadata, allowed-tools",
                      "frontmatter has " + key, "Remove " + key + " or move it under metadata");
        }
    }

    const fs::path manifest_path = folder / "skill" / "manifest.v1.json";
    YamlNode manifest;
    std::error_code ec;
    if (fs::is_regular_file(manifest_path, ec)) {
        const std::string manifest_name =
            (file.parent_path() / "skill" / "manifest.v1.json").string();
        Checker m(skill_label, manifest_name);
        bool parsed = true;
        try {
            manifest = parse_yaml(util::read_file(manifest_path), manifest_name);
        } catch (const YamlError& e) {
            parsed = false;
            m.problem(Mark{e.line(), e.column()}, "manifest JSON", "a JSON object", problem_of(e),
                      "Fix the JSON at the position shown");
        }
        if (!parsed) {
            // reported above
        } else if (manifest.is_map()) {
            for (std::size_t i = 0; i < manifest.keys.size(); ++i) {
                const std::string& key = manifest.keys[i];
                const YamlNode& value = manifest.items[i];
                if (key == "schemaVersion") {
                    if (!value.is_scalar() || value.scalar != "skill-manifest.v1") {
                        m.problem(value.mark, "manifest schemaVersion", "\"skill-manifest.v1\"",
                                  "schemaVersion is " + describe(value),
                                  "Write \"schemaVersion\": \"skill-manifest.v1\"");
                    }
                } else if (key == "name") {
                    if (!value.is_scalar() || value.scalar != skill.name) {
                        m.problem(value.mark, "manifest name",
                                  "the SKILL.md name \"" + skill.name + "\"",
                                  "name is " + describe(value), "Use the same name in both files");
                    }
                } else if (kSeedFields.contains(key)) {
                    if (!seen_seed.insert(key).second) {
                        m.problem(manifest.key_marks[i], "field defined once",
                                  key + " in SKILL.md or in the manifest, not both",
                                  key + " is in both", "Remove one of them");
                        continue;
                    }
                    seed_field(m, key, value, skill, pre_marks, post_marks, ttl_location);
                } else {
                    m.problem(manifest.key_marks[i], "manifest fields",
                              "schemaVersion, name and seed 001's fields", "manifest has " + key,
                              "Remove " + key);
                }
            }
        } else {
            m.problem(manifest.mark, "manifest JSON", "a JSON object",
                      "the manifest is " + describe(manifest), "Write a JSON object");
        }
        c.absorb(m.take());
    }

    if (ttl_location && !skill.cacheable) {
        c.problem_at(*ttl_location, "cache_ttl_minutes only when cacheable",
                     "cache_ttl_minutes only with cacheable: true",
                     "cache_ttl_minutes is set and cacheable is not true",
                     "Set 'cacheable: true' or remove cache_ttl_minutes");
    }
    skill.inputs = required_first(std::move(skill.inputs));
    skill.outputs = required_first(std::move(skill.outputs));
    check_variables(c, skill.pre_checks, pre_marks, skill, false);
    check_variables(c, skill.post_checks, post_marks, skill, true);

    LoadResult result;
    result.problems = c.take();
    if (result.problems.empty()) {
        result.skill = std::move(skill);
    }
    return result;
}

}  // namespace qa::skills
