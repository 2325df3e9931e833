#include "artifacts/writer.hpp"

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/schema_validator.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::artifacts {
namespace {

namespace fs = std::filesystem;

/// Validates `value` against the embedded schema `schema_id`; throws ArtifactSchemaInvalid.
void check(const std::string& file, const std::string& pointer_prefix, const std::string& schema_id,
           const json::Value& value) {
    // Compiled once per process per schema: validators are immutable and thread-safe.
    const auto errors = json::SchemaValidator::embedded(schema_id).validate(value);
    if (!errors.empty()) {
        throw ArtifactSchemaInvalid("ARTIFACT_SCHEMA_INVALID: " + file + ": " + pointer_prefix +
                                    errors.front().pointer + ": " + errors.front().message);
    }
}

template <class T>
json::Value checked_array(const std::string& file, const std::string& schema_id,
                          const std::vector<T>& items) {
    json::Array out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        json::Value v = contracts::to_json(items[i]);
        check(file, "/" + std::to_string(i), schema_id, v);
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> render_run(const contracts::SkillInput& input,
                                                            const contracts::SkillResult& result) {
    const json::Value skill_input = contracts::to_json(input);
    check("skill-input.json", "", "skill-input.v1", skill_input);
    const json::Value plans = checked_array("lens-plans.json", "lens-plan.v1", result.lensPlans);
    const json::Value results =
        checked_array("lens-results.json", "lens-result.v1", result.lensResults);
    const json::Value verdict = contracts::to_json(result.finalVerdict);
    check("final-verdict.json", "", "final-verdict.v1", verdict);
    const json::Value skill_result = contracts::to_json(result);
    check("skill-result.json", "", "skill-result.v1", skill_result);
    return {{"skill-input.json", json::canonical(skill_input)},
            {"lens-plans.json", json::canonical(plans)},
            {"lens-results.json", json::canonical(results)},
            {"final-verdict.json", json::canonical(verdict)},
            {"skill-result.json", json::canonical(skill_result)}};
}

WrittenRun write_run(const fs::path& artifact_root, const contracts::SkillInput& input,
                     const contracts::SkillResult& result, const json::Value& timings) {
    const auto files = render_run(input, result);  // validates everything before any write

    std::error_code ec;
    fs::create_directories(artifact_root, ec);
    if (ec) {
        throw util::IoError(artifact_root.string() +
                            ": cannot create the artifact root: " + ec.message());
    }
    const fs::path ignore = artifact_root / ".gitignore";
    if (!fs::exists(ignore, ec)) {
        util::write_file_atomic(ignore, "# qa-skill run artifacts: never committed\n*\n");
    }
    const fs::path dir = artifact_root / "runs" / result.executionKey;
    fs::create_directories(dir, ec);
    if (ec) {
        throw util::IoError(dir.string() + ": cannot create the run directory: " + ec.message());
    }
    json::Object manifest_files;
    for (const auto& [name, bytes] : files) {
        util::write_file_atomic(dir / name, bytes);
        manifest_files.emplace_back(name, util::sha256_hex(bytes));
    }
    const std::string manifest = json::canonical(json::Object{
        {"schemaVersion", "artifact-manifest.v1"},
        {"executionKey", result.executionKey},
        {"files", std::move(manifest_files)},
    });
    util::write_file_atomic(dir / "manifest.json", manifest);
    util::write_file_atomic(dir / "timings.json", json::canonical(timings));
    return {dir, util::sha256_hex(manifest)};
}

}  // namespace qa::artifacts
