#include "artifacts/writer.hpp"

#include <functional>
#include <map>
#include <string_view>

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/schema_validator.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::artifacts {
namespace {

namespace fs = std::filesystem;

/// The embedded schemas of one render, each compiled on first use: a run has many plans and
/// results of one schema, and compiling a schema costs far more than validating against it.
class Checker {
  public:
    /// Validates the canonical JSON `text` against the embedded schema `schema_id`; throws
    /// ArtifactSchemaInvalid naming `file` and the first JSON pointer at fault. Checking the
    /// bytes that will be written, not the value, serializes each artifact once.
    void check(const std::string& file, const std::string& pointer_prefix,
               const std::string& schema_id, std::string_view text) {
        auto it = validators_.find(schema_id);
        if (it == validators_.end()) {
            it = validators_.emplace(schema_id, json::SchemaValidator::embedded(schema_id)).first;
        }
        const auto errors = it->second.validate(text);
        if (!errors.empty()) {
            throw ArtifactSchemaInvalid("ARTIFACT_SCHEMA_INVALID: " + file + ": " + pointer_prefix +
                                        errors.front().pointer + ": " + errors.front().message);
        }
    }

    /// The canonical JSON of `value`, checked.
    std::string checked(const std::string& file, const std::string& schema_id,
                        const json::Value& value) {
        std::string text = json::canonical(value);
        check(file, "", schema_id, text);
        return text;
    }

    /// The canonical JSON array of `items`, each element checked on its own. A canonical array
    /// is its canonical elements joined by commas, so no element is serialized twice.
    template <class T>
    std::string checked_array(const std::string& file, const std::string& schema_id,
                              const std::vector<T>& items) {
        std::string out = "[";
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string element = json::canonical(contracts::to_json(items[i]));
            check(file, "/" + std::to_string(i), schema_id, element);
            if (i > 0) {
                out.push_back(',');
            }
            out += element;
        }
        out.push_back(']');
        return out;
    }

  private:
    std::map<std::string, json::SchemaValidator, std::less<>> validators_;
};

/// skill-result.json, assembled from the plans, results and verdict already checked: a canonical
/// object is its members' canonical forms in key order, so splicing gives the bytes
/// canonical(to_json(result)) would, without serializing or validating ten megabytes twice.
/// skill-result.v1 defines those three parts exactly as their own files' schemas do (a test
/// holds them equal), so validating the rest of the object with empty arrays in their place
/// checks everything the whole document's validation would.
std::string spliced_skill_result(Checker& checker, const contracts::SkillResult& result,
                                 std::string_view plans, std::string_view results,
                                 std::string_view verdict) {
    contracts::SkillResult skeleton;
    skeleton.schemaVersion = result.schemaVersion;
    skeleton.executionKey = result.executionKey;
    skeleton.normalizedInputHash = result.normalizedInputHash;
    skeleton.finalVerdict = result.finalVerdict;
    checker.checked("skill-result.json", "skill-result.v1", contracts::to_json(skeleton));
    const auto quoted = [](const std::string& s) { return json::canonical(json::Value(s)); };
    std::string out;
    out.reserve(plans.size() + results.size() + verdict.size() + 256);
    out.append("{\"executionKey\":").append(quoted(result.executionKey));
    out.append(",\"finalVerdict\":").append(verdict);
    out.append(",\"lensPlans\":").append(plans);
    out.append(",\"lensResults\":").append(results);
    out.append(",\"normalizedInputHash\":").append(quoted(result.normalizedInputHash));
    out.append(",\"schemaVersion\":").append(quoted(result.schemaVersion));
    out.push_back('}');
    return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> render_run(const contracts::SkillInput& input,
                                                            const contracts::SkillResult& result) {
    Checker checker;
    std::string skill_input =
        checker.checked("skill-input.json", "skill-input.v1", contracts::to_json(input));
    std::string plans = checker.checked_array("lens-plans.json", "lens-plan.v1", result.lensPlans);
    std::string results =
        checker.checked_array("lens-results.json", "lens-result.v1", result.lensResults);
    std::string verdict = checker.checked("final-verdict.json", "final-verdict.v1",
                                          contracts::to_json(result.finalVerdict));
    std::string skill_result = spliced_skill_result(checker, result, plans, results, verdict);
    return {{"skill-input.json", std::move(skill_input)},
            {"lens-plans.json", std::move(plans)},
            {"lens-results.json", std::move(results)},
            {"final-verdict.json", std::move(verdict)},
            {"skill-result.json", std::move(skill_result)}};
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
        manifest_files.emplace_back(name, util::sha256_hex(bytes));
    }
    const json::Value manifest_value = json::Object{
        {"schemaVersion", "artifact-manifest.v1"},
        {"executionKey", result.executionKey},
        {"files", std::move(manifest_files)},
    };
    const std::string manifest =
        Checker().checked("manifest.json", "artifact-manifest.v1", manifest_value);
    for (const auto& [name, bytes] : files) {
        util::write_file_atomic(dir / name, bytes);
    }
    util::write_file_atomic(dir / "manifest.json", manifest);
    util::write_file_atomic(dir / "timings.json", json::canonical(timings));
    return {dir, util::sha256_hex(manifest)};
}

}  // namespace qa::artifacts
