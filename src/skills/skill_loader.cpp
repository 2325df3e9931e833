#include "skills/skill_loader.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "skills/definition_reader.hpp"
#include "skills/frontmatter.hpp"
#include "skills/yaml_value.hpp"
#include "util/file.hpp"
#include "util/source_error.hpp"

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

/// A YamlError's message without its "file:line:col: " prefix (the location says it).
std::string problem_of(const YamlError& e) {
    const std::string prefix = util::SourceError::position(e.file(), e.line(), e.column()) + ": ";
    const std::string text = e.what();
    return text.starts_with(prefix) ? text.substr(prefix.size()) : text;
}

/// skill/manifest.v1.json: schemaVersion, the SKILL.md's name, and seed 001's fields that the
/// frontmatter does not already hold.
void read_manifest(const std::string& text, const std::string& file, DefinitionReader& m,
                   Skill& skill, std::set<std::string>& seen_seed, ContractLocations& where) {
    YamlNode manifest;
    try {
        manifest = parse_yaml(text, file);
    } catch (const YamlError& e) {
        m.problem(Mark{e.line(), e.column()}, "manifest JSON", "a JSON object", problem_of(e),
                  "Fix the JSON at the position shown");
        return;
    }
    if (manifest.is_map()) {
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
                m.seed_field(key, value, skill, where);
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
}

}  // namespace

fs::path skill_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec) || path.extension() != ".md") {
        return path / "SKILL.md";
    }
    return path;
}

LoadResult check_skill_source(const SkillSource& source, const LoadOptions& options) {
    const std::string& file_name = source.file;
    const std::string& text = source.text;
    const std::string& directory = source.directory;

    // The skill's name for the error records: its own when readable, else its folder's.
    SkillDocument doc;
    std::string skill_label = directory;
    try {
        doc = parse_skill_document(text, file_name);
    } catch (const YamlError& e) {
        DefinitionReader c(skill_label, file_name);
        c.problem(Mark{e.line(), e.column()}, "YAML frontmatter",
                  "YAML frontmatter between '---' lines", problem_of(e),
                  "Fix the YAML at the position shown");
        return {std::nullopt, c.take()};
    }
    const YamlNode& fm = doc.frontmatter;
    if (const YamlNode* n = fm.find("name"); n != nullptr && n->is_scalar() && !n->scalar.empty()) {
        skill_label = n->scalar;
    }
    DefinitionReader c(skill_label, file_name);
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
        } else if (*v != directory && (options.strict || !source.repository_root)) {
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
    ContractLocations where;
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
            c.seed_field(key, fm.items[i], skill, where);
        } else if (!kSpecFields.contains(key) && options.strict) {
            c.problem(fm.key_marks[i], "Agent Skills fields",
                      "only name, description, license, compatibility, metadata, allowed-tools",
                      "frontmatter has " + key, "Remove " + key + " or move it under metadata");
        }
    }

    if (source.manifest_text) {
        DefinitionReader m(skill_label, source.manifest_file);
        read_manifest(*source.manifest_text, source.manifest_file, m, skill, seen_seed, where);
        c.absorb(m.take());
    }

    c.finish_contract(skill, where);

    LoadResult result;
    result.problems = c.take();
    if (result.problems.empty()) {
        result.skill = std::move(skill);
    }
    return result;
}

LoadResult load_skill(const fs::path& path, const LoadOptions& options) {
    const fs::path file = skill_file(path);
    const fs::path folder = fs::absolute(file).lexically_normal().parent_path();
    SkillSource source;
    source.file = file.string();
    source.text = util::read_file(file);
    source.directory = folder.filename().string();
    std::error_code ec;
    source.repository_root = fs::exists(folder / ".git", ec);
    if (fs::is_regular_file(folder / "skill" / "manifest.v1.json", ec)) {
        source.manifest_file = (file.parent_path() / "skill" / "manifest.v1.json").string();
        source.manifest_text = util::read_file(folder / "skill" / "manifest.v1.json");
    }
    return check_skill_source(source, options);
}

}  // namespace qa::skills
