#include "artifacts/writer.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <string_view>
#include <thread>

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
    explicit Checker(std::size_t workers = 1) : workers_(std::max<std::size_t>(1, workers)) {}

    /// Validates the canonical JSON `text` against the embedded schema `schema_id`; throws
    /// ArtifactSchemaInvalid naming `file` and the first JSON pointer at fault. Checking the
    /// bytes that will be written, not the value, serializes each artifact once.
    void check(const std::string& file, const std::string& pointer_prefix,
               const std::string& schema_id, std::string_view text) {
        check_with(validator(schema_id), file, pointer_prefix, text);
    }

    /// The canonical JSON of `value`, checked.
    std::string checked(const std::string& file, const std::string& schema_id,
                        const json::Value& value) {
        std::string text = json::canonical(value);
        check(file, "", schema_id, text);
        return text;
    }

    /// The canonical JSON array of `items`, each element checked on its own. A canonical array
    /// is its canonical elements joined by commas, so no element is serialized twice. Elements
    /// are rendered on the checker's workers when there are enough findings to pay for the
    /// threads; the bytes, and the error reported (the first element's at fault), are the same.
    template <class T>
    std::string checked_array(const std::string& file, const std::string& schema_id,
                              const std::vector<T>& items) {
        const json::SchemaValidator& schema = validator(schema_id);  // compiled once, shared
        std::vector<std::string> elements(items.size());
        std::vector<std::exception_ptr> errors(items.size());
        std::atomic<std::size_t> next{0};
        const auto work = [&] {
            for (std::size_t i = next++; i < items.size(); i = next++) {
                try {
                    elements[i] = canonical_text(items[i]);
                    check_with(schema, file, "/" + std::to_string(i), elements[i]);
                } catch (...) {
                    errors[i] = std::current_exception();
                }
            }
        };
        std::size_t weight = 0;
        for (const T& item : items) {
            weight += findings_in(item);
        }
        const std::size_t threads =
            std::min(workers_, weight >= kFindingsPerWorker ? items.size() : 1);
        std::vector<std::thread> pool;
        for (std::size_t t = 1; t < threads; ++t) {
            pool.emplace_back(work);
        }
        work();
        for (auto& thread : pool) {
            thread.join();
        }
        for (const auto& error : errors) {
            if (error) {
                std::rethrow_exception(error);
            }
        }
        std::size_t size = 2;
        for (const auto& e : elements) {
            size += e.size() + 1;
        }
        std::string out;
        out.reserve(size);
        out.push_back('[');
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (i > 0) {
                out.push_back(',');
            }
            out += elements[i];
        }
        out.push_back(']');
        return out;
    }

  private:
    /// Below this many findings in an array, a second thread costs more than it saves.
    static constexpr std::size_t kFindingsPerWorker = 2000;

    static std::size_t findings_in(const contracts::LensResult& r) { return r.findings.size(); }

    static std::string canonical_text(const contracts::LensResult& r) {
        return contracts::canonical_json(r);
    }
    template <class T>
    static std::string canonical_text(const T& item) {
        return json::canonical(contracts::to_json(item));
    }
    template <class T>
    static std::size_t findings_in(const T&) {
        return 0;
    }

    const json::SchemaValidator& validator(const std::string& schema_id) {
        auto it = validators_.find(schema_id);
        if (it == validators_.end()) {
            it = validators_.emplace(schema_id, json::SchemaValidator::embedded(schema_id)).first;
        }
        return it->second;
    }

    static void check_with(const json::SchemaValidator& schema, const std::string& file,
                           const std::string& pointer_prefix, std::string_view text) {
        const auto errors = schema.validate(text);
        if (!errors.empty()) {
            throw ArtifactSchemaInvalid("ARTIFACT_SCHEMA_INVALID: " + file + ": " + pointer_prefix +
                                        errors.front().pointer + ": " + errors.front().message);
        }
    }

    std::size_t workers_;
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
                                                            const contracts::SkillResult& result,
                                                            std::size_t workers) {
    Checker checker(workers);
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
                     const contracts::SkillResult& result, const json::Value& timings,
                     std::size_t workers) {
    const auto files = render_run(input, result, workers);  // validates everything before any write

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
