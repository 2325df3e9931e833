#include "exec/phase_input.hpp"

#include <filesystem>

#include "exec/language.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"

namespace qa::exec {
namespace {

[[noreturn]] void fail(const std::string& what) {
    throw PhaseInputError("Validation failed: " + what);
}

}  // namespace

PhaseInput parse_phase_input(std::string_view json_text) {
    json::Value doc;
    try {
        doc = json::parse(json_text);
    } catch (const json::Error& e) {
        fail(std::string("input is not JSON: ") + e.what());
    }
    if (!doc.is_object()) {
        fail("input must be a JSON object");
    }
    // The seed's wording for the commonest mistake, before the schema's generic messages.
    for (const char* required : {"working_directory", "changed_files"}) {
        if (doc.find(required) == nullptr) {
            fail(std::string("missing required parameter '") + required + "'");
        }
    }
    static const json::SchemaValidator schema =
        json::SchemaValidator::embedded("phase-validation-input.v1");
    const auto errors = schema.validate(doc);
    if (!errors.empty()) {
        const auto& e = errors.front();
        fail((e.pointer.empty() ? std::string("input") : "'" + e.pointer.substr(1) + "'") + ": " +
             e.message);
    }
    PhaseInput in;
    in.workingDirectory = doc.find("working_directory")->as_string();
    for (const auto& f : doc.find("changed_files")->as_array()) {
        in.changedFiles.push_back(f.as_string());
    }
    const auto text = [&](const char* key) -> std::optional<std::string> {
        const json::Value* v = doc.find(key);
        return v == nullptr ? std::nullopt : std::optional<std::string>(v->as_string());
    };
    in.language = text("language");
    in.formatCommand = text("format_command");
    in.lintCommand = text("lint_command");
    in.buildCommand = text("build_command");
    in.testCommand = text("test_command");
    if (const json::Value* v = doc.find("max_retries")) {
        in.maxRetries =
            v->is_integer() ? v->as_integer() : static_cast<std::int64_t>(v->as_double());
    }
    if (const json::Value* v = doc.find("skip_build")) {
        in.skipBuild = v->as_bool();
    }
    if (const json::Value* v = doc.find("skip_tests")) {
        in.skipTests = v->as_bool();
    }
    std::error_code ec;
    if (!std::filesystem::is_directory(in.workingDirectory, ec)) {
        fail("working_directory '" + in.workingDirectory +
             "' does not exist or is not a directory");
    }
    for (const auto& [key, value] :
         {std::pair{"format_command", &in.formatCommand},
          std::pair{"lint_command", &in.lintCommand}, std::pair{"build_command", &in.buildCommand},
          std::pair{"test_command", &in.testCommand}}) {
        if (*value) {
            try {
                split_command(**value);
            } catch (const std::invalid_argument& e) {
                fail(std::string("'") + key + "': " + e.what());
            }
        }
    }
    return in;
}

}  // namespace qa::exec
