// `qa-skill skill`: seed 001's skill validation: SKILL.md frontmatter, the pre- and
// post-execution protocols, and chain compatibility.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "plan/registry.hpp"
#include "skills/chain.hpp"
#include "skills/protocol.hpp"
#include "skills/skill_index.hpp"
#include "skills/skill_loader.hpp"
#include "skills/validation_error.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: qa-skill skill validate [--format yaml|json] [--strict] <dir|SKILL.md>...\n"
    "       qa-skill skill check-input [--format yaml|json] <skill> <inputs.json>\n"
    "       qa-skill skill check-output [--format yaml|json] [--inputs FILE] <skill> "
    "<outputs.json>\n"
    "       qa-skill skill chain-check [--format yaml|json] [--skills-dir DIRS] <chain.yaml>\n"
    "       qa-skill skill index [ROOT]\n"
    "\n"
    "validate      check SKILL.md frontmatter (Agent Skills fields and seed 001's schemas);\n"
    "              exit 0 valid, 1 a validation_error per problem, 2 an unreadable file\n"
    "check-input   pre-execution protocol: required inputs, coercion, defaults, pre_checks;\n"
    "              prints the coerced inputs as canonical JSON; exit 1 on a failure\n"
    "check-output  post-execution protocol: required outputs, types (warnings), post_checks\n"
    "chain-check   resolve each $step.field reference and check type compatibility\n"
    "index         print the skill registry of a qa-skill tree (skill/registry.v1.json)\n";

const util::OptionSpec kFormat{"format", "output format (default yaml)", "yaml|json"};
const util::OptionSpec kValidateOptions[] = {
    kFormat,
    {"strict", "only the Agent Skills fields in the frontmatter (the reference validator's rule)",
     ""},
};
const util::OptionSpec kInputOptions[] = {kFormat};
const util::OptionSpec kOutputOptions[] = {
    kFormat,
    {"inputs", "the inputs the skill ran with, for post_checks that name them", "FILE"},
};
const util::OptionSpec kChainOptions[] = {
    kFormat,
    {"skills-dir",
     "folders holding <skill>/SKILL.md, ':'-separated (default: the chain file's folder)", "DIRS"},
};

bool json_format(const util::ParsedArgs& args) {
    const std::string format = args.value("format").value_or("yaml");
    if (format != "yaml" && format != "json") {
        throw util::UsageError("unsupported --format \"" + format + "\" (yaml or json)");
    }
    return format == "json";
}

void print_errors(const std::vector<skills::ValidationError>& errors, bool as_json) {
    if (as_json) {
        std::printf("%s\n", skills::render_json(errors).c_str());
    } else {
        std::fputs(skills::render_yaml(errors).c_str(), stdout);
    }
}

void print_messages(const std::vector<std::string>& messages) {
    for (const auto& m : messages) {
        std::fprintf(stderr, "%s\n", m.c_str());
    }
}

/// A skill that must be valid before a protocol can run on it: exit 2 otherwise.
std::optional<skills::Skill> load_valid(const std::string& path, bool as_json) {
    auto loaded = skills::load_skill(path);
    if (!loaded.skill) {
        std::fprintf(stderr, "qa-skill: %s is not a valid skill:\n",
                     skills::skill_file(path).string().c_str());
        print_errors(loaded.problems, as_json);
    }
    return std::move(loaded.skill);
}

json::Value read_json_object(const std::string& path, const char* what) {
    json::Value value;
    try {
        value = json::parse(util::read_file(path));
    } catch (const json::Error& e) {
        throw util::UsageError(path + ": " + e.what());
    }
    if (!value.is_object()) {
        throw util::UsageError(path + ": the " + std::string(what) + " must be a JSON object");
    }
    return value;
}

json::Value checks_json(const std::vector<skills::CheckOutcome>& checks) {
    json::Array out;
    for (const auto& c : checks) {
        out.emplace_back(json::Object{{"description", c.description},
                                      {"validation", c.validation},
                                      {"status", std::string(skills::check_status_name(c.status))},
                                      {"detail", c.detail}});
    }
    return json::Value(std::move(out));
}

json::Value errors_json(const std::vector<skills::ValidationError>& errors) {
    return json::parse(skills::render_json(errors));
}

int report_protocol(const skills::ProtocolReport& report, bool as_json, bool print_values) {
    if (as_json) {
        json::Object o{
            {"ok", report.ok},
            {"values", report.values},
            {"errors", errors_json(report.errors)},
            {"warnings", errors_json(report.warnings)},
            {"checks", checks_json(report.checks)},
            {"messages",
             [&] {
                 json::Array a;
                 for (const auto& m : report.messages) {
                     a.emplace_back(m);
                 }
                 return json::Value(std::move(a));
             }()},
            {"cacheKey", report.cache_key.empty() ? json::Value() : json::Value(report.cache_key)}};
        std::printf("%s\n", json::canonical(json::Value(std::move(o))).c_str());
    } else {
        print_messages(report.messages);
        for (const auto& c : report.checks) {
            std::fprintf(stderr, "check \"%s\": %s%s%s\n", c.description.c_str(),
                         std::string(skills::check_status_name(c.status)).c_str(),
                         c.detail.empty() ? "" : ": ", c.detail.c_str());
        }
        if (!report.warnings.empty()) {
            std::fputs(skills::render_yaml(report.warnings).c_str(), stderr);
        }
        if (!report.cache_key.empty()) {
            std::fprintf(stderr, "cache key: %s\n", report.cache_key.c_str());
        }
        if (!report.ok) {
            print_errors(report.errors, false);
        } else if (print_values) {
            std::printf("%s\n", json::canonical(report.values).c_str());
        }
    }
    return report.ok ? util::kExitPass : util::kExitFail;
}

util::ParsedArgs parse(const char* name, std::span<const util::OptionSpec> specs,
                       const std::vector<std::string>& args, std::size_t min_positional,
                       std::size_t max_positional) {
    auto parsed = util::parse_args(std::string("qa-skill skill ") + name, specs, args);
    if (!parsed.help &&
        (parsed.positional.size() < min_positional || parsed.positional.size() > max_positional)) {
        throw util::UsageError(std::string("skill ") + name + ": wrong number of arguments\n\n" +
                               kUsage);
    }
    return parsed;
}

int run_validate(const std::vector<std::string>& args) {
    const auto parsed = parse("validate", kValidateOptions, args, 1, 1u << 20);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill skill validate [options] <dir|SKILL.md>...",
                                    kValidateOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    const bool as_json = json_format(parsed);
    skills::LoadOptions options;
    options.strict = parsed.flag("strict");
    std::vector<skills::ValidationError> all;
    bool unreadable = false;
    for (const auto& path : parsed.positional) {
        skills::LoadResult result;
        try {
            result = skills::load_skill(path, options);
        } catch (const util::IoError& e) {
            std::fprintf(stderr, "qa-skill: %s\n", e.what());
            unreadable = true;
            continue;
        }
        if (!as_json && result.problems.empty()) {
            std::printf("# %s: valid\n", skills::skill_file(path).string().c_str());
        }
        for (auto& p : result.problems) {
            all.push_back(std::move(p));
        }
    }
    if (as_json) {
        print_errors(all, true);
    } else if (!all.empty()) {
        print_errors(all, false);
    }
    if (unreadable) {
        return util::kExitUsage;
    }
    return all.empty() ? util::kExitPass : util::kExitFail;
}

int run_check_input(const std::vector<std::string>& args) {
    const auto parsed = parse("check-input", kInputOptions, args, 2, 2);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill skill check-input [options] <skill> <inputs.json>",
                                    kInputOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    const bool as_json = json_format(parsed);
    const auto skill = load_valid(parsed.positional[0], as_json);
    if (!skill) {
        return util::kExitUsage;
    }
    const json::Value inputs = read_json_object(parsed.positional[1], "inputs");
    return report_protocol(skills::check_inputs(*skill, inputs), as_json, true);
}

int run_check_output(const std::vector<std::string>& args) {
    const auto parsed = parse("check-output", kOutputOptions, args, 2, 2);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill skill check-output [options] <skill> <outputs.json>",
                                    kOutputOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    const bool as_json = json_format(parsed);
    const auto skill = load_valid(parsed.positional[0], as_json);
    if (!skill) {
        return util::kExitUsage;
    }
    const json::Value outputs = read_json_object(parsed.positional[1], "outputs");
    std::optional<json::Value> inputs;
    if (const auto path = parsed.value("inputs")) {
        inputs = read_json_object(*path, "inputs");
    }
    return report_protocol(skills::check_outputs(*skill, outputs, inputs ? &*inputs : nullptr),
                           as_json, false);
}

int run_chain_check(const std::vector<std::string>& args) {
    const auto parsed = parse("chain-check", kChainOptions, args, 1, 1);
    if (parsed.help) {
        std::fputs(
            util::usage_text("qa-skill skill chain-check [options] <chain.yaml>", kChainOptions)
                .c_str(),
            stdout);
        return util::kExitPass;
    }
    const bool as_json = json_format(parsed);
    const fs::path chain = parsed.positional[0];
    std::vector<fs::path> dirs;
    if (const auto list = parsed.value("skills-dir")) {
        std::size_t start = 0;
        while (start <= list->size()) {
            const auto colon = list->find(':', start);
            const std::string dir = list->substr(start, colon - start);
            if (!dir.empty()) {
                dirs.emplace_back(dir);
            }
            if (colon == std::string::npos) {
                break;
            }
            start = colon + 1;
        }
    } else {
        dirs.push_back(chain.has_parent_path() ? chain.parent_path() : fs::path("."));
    }
    const auto report = skills::check_chain(chain, dirs);
    print_messages(report.messages);
    if (!as_json) {
        for (const auto& link : report.links) {
            std::fprintf(stderr, "%s\n", link.c_str());
        }
        if (report.errors.empty()) {
            std::printf("# %s: compatible\n", chain.string().c_str());
        }
    }
    if (as_json || !report.errors.empty()) {
        print_errors(report.errors, as_json);
    }
    return report.errors.empty() ? util::kExitPass : util::kExitFail;
}

int run_index(const std::vector<std::string>& args) {
    const auto parsed = parse("index", std::span<const util::OptionSpec>{}, args, 0, 1);
    if (parsed.help) {
        std::fputs("usage: qa-skill skill index [ROOT]\n", stdout);
        return util::kExitPass;
    }
    const fs::path root =
        parsed.positional.empty() ? fs::path(".") : fs::path(parsed.positional[0]);
    const fs::path registry_file = root / "lenses" / "registry.v1.json";
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        throw util::IoError(root.string() + ": not a directory");
    }
    std::vector<std::string> ids;
    if (fs::is_regular_file(registry_file, ec)) {
        try {
            ids = plan::parse_registry(util::read_file(registry_file)).lens_ids();
        } catch (const json::Error& e) {
            throw util::UsageError(registry_file.string() + ": " + e.what());
        }
    } else {
        ids = plan::read_builtin_registry().lens_ids();
    }
    std::fputs(skills::skill_index(root, {ids.begin(), ids.end()}).c_str(), stdout);
    return util::kExitPass;
}

}  // namespace

int run_skill(const std::vector<std::string>& args) {
    return run_subcommand("skill", kUsage,
                          {{"validate", run_validate},
                           {"check-input", run_check_input},
                           {"check-output", run_check_output},
                           {"chain-check", run_chain_check},
                           {"index", run_index}},
                          args);
}

}  // namespace qa::cli
