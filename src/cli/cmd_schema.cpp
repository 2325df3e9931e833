// `qa-skill schema`: validate JSON documents against an embedded or a draft-07 schema file.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "json/error.hpp"
#include "json/schema_validator.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: qa-skill schema validate [options] <schema-id|schema.json> <document.json>...\n"
    "       qa-skill schema list\n"
    "\n"
    "validate  check each document; prints '<document>: valid' or one line per error,\n"
    "          '<document>: <json-pointer>: <message>'. Exit 0 all valid, 1 any invalid,\n"
    "          2 an unreadable or non-JSON schema or document.\n"
    "list      print the ids of the embedded schemas\n";

const util::OptionSpec kValidateOptions[] = {
    {"map-url", "load $refs under URL-PREFIX from the files of DIR (an offline mirror)",
     "URL-PREFIX=DIR"},
};

/// A schema argument is a file when it names one or looks like one; otherwise an embedded id.
bool is_schema_path(const std::string& arg) {
    std::error_code ec;
    return fs::exists(arg, ec) || arg.ends_with(".json") || arg.find('/') != std::string::npos;
}

json::SchemaValidator load_schema(const std::string& arg, const json::SchemaSources& sources) {
    if (is_schema_path(arg)) {
        return json::SchemaValidator::from_file(arg, sources);
    }
    try {
        return json::SchemaValidator::embedded(arg);
    } catch (const json::Error& e) {
        throw json::Error(e.pointer(),
                          std::string(e.what()) + " (see 'qa-skill schema list' for the ids)");
    }
}

int run_validate(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill schema validate", kValidateOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill schema validate [options] <schema-id|schema.json> "
                                    "<document.json>...",
                                    kValidateOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    if (parsed.positional.size() < 2) {
        throw util::UsageError("schema validate needs a schema and at least one document\n\n" +
                               std::string(kUsage));
    }
    json::SchemaSources sources;
    if (const auto mapping = parsed.value("map-url")) {
        const auto eq = mapping->find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == mapping->size()) {
            throw util::UsageError("--map-url wants URL-PREFIX=DIR, got '" + *mapping + "'");
        }
        sources.url_directories.emplace_back(mapping->substr(0, eq), mapping->substr(eq + 1));
    }

    const std::string& schema_arg = parsed.positional.front();
    std::optional<json::SchemaValidator> validator;
    try {
        validator.emplace(load_schema(schema_arg, sources));
    } catch (const json::Error& e) {
        std::fprintf(stderr, "qa-skill: schema %s\n", e.what());
        return util::kExitUsage;
    } catch (const util::IoError& e) {
        std::fprintf(stderr, "qa-skill: schema %s\n", e.what());
        return util::kExitUsage;
    }

    bool any_invalid = false;
    bool any_unreadable = false;
    for (std::size_t i = 1; i < parsed.positional.size(); ++i) {
        const std::string& document = parsed.positional[i];
        std::vector<json::ValidationError> errors;
        try {
            errors = validator->validate_file(document);
        } catch (const json::Error& e) {
            std::fprintf(stderr, "qa-skill: %s\n", e.what());
            any_unreadable = true;
            continue;
        } catch (const util::IoError& e) {
            std::fprintf(stderr, "qa-skill: %s\n", e.what());
            any_unreadable = true;
            continue;
        }
        if (errors.empty()) {
            std::printf("%s: valid\n", document.c_str());
            continue;
        }
        any_invalid = true;
        for (const auto& error : errors) {
            std::printf("%s: %s: %s\n", document.c_str(),
                        error.pointer.empty() ? "(root)" : error.pointer.c_str(),
                        error.message.c_str());
        }
    }
    if (any_unreadable) {
        return util::kExitUsage;
    }
    return any_invalid ? util::kExitFail : util::kExitPass;
}

int run_list(const std::vector<std::string>& args) {
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        std::printf(
            "usage: qa-skill schema list\n\nPrints the ids of the embedded schemas.\n\n"
            "options:\n  --help                    print this help\n");
        return util::kExitPass;
    }
    if (!args.empty()) {
        throw util::UsageError("schema list takes no arguments");
    }
    for (const auto& id : json::SchemaValidator::embedded_ids()) {
        std::printf("%s\n", id.c_str());
    }
    return util::kExitPass;
}

}  // namespace

int run_schema(const std::vector<std::string>& args) {
    return run_subcommand("schema", kUsage, {{"validate", run_validate}, {"list", run_list}}, args);
}

}  // namespace qa::cli
