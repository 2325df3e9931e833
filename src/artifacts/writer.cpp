#include "artifacts/writer.hpp"

#include <unistd.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "artifacts/command_outcomes.hpp"
#include "artifacts/retention.hpp"
#include "artifacts/written_by.hpp"
#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"
#include "util/parallel_for.hpp"
#include "util/sha256.hpp"

namespace qa::artifacts {
namespace {

namespace fs = std::filesystem;

/// The embedded schemas of one render, each compiled on first use (skill-result.v1 and the three
/// it defines at once): a run has many plans and results of one schema, and compiling a schema
/// costs far more than validating against it.
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

    /// The canonical JSON array of `items` as chunks, each element checked on its own. A
    /// canonical array is its canonical elements joined by commas, so no element is serialized
    /// twice. Elements are rendered on the checker's workers when there are enough findings to
    /// pay for the threads; the bytes, and the error reported (the first element's at fault),
    /// are the same.
    template <class T>
    std::vector<std::shared_ptr<const std::string>> checked_array(const std::string& file,
                                                                  const std::string& schema_id,
                                                                  const std::vector<T>& items) {
        const json::SchemaValidator& schema = validator(schema_id);  // compiled once, shared
        std::vector<std::shared_ptr<const std::string>> elements(items.size());
        std::size_t weight = 0;
        for (const T& item : items) {
            weight += findings_in(item);
        }
        util::parallel_for(
            items.size(), weight >= kFindingsPerWorker ? workers_ : 1, [&](std::size_t i) {
                auto element = std::make_shared<const std::string>(canonical_text(items[i]));
                check_with(schema, file, "/" + std::to_string(i), *element);
                elements[i] = std::move(element);
            });
        const auto comma = std::make_shared<const std::string>(",");
        std::vector<std::shared_ptr<const std::string>> chunks;
        chunks.reserve(2 * items.size() + 1);
        chunks.push_back(std::make_shared<const std::string>("["));
        for (std::size_t i = 0; i < elements.size(); ++i) {
            if (i > 0) {
                chunks.push_back(comma);
            }
            chunks.push_back(std::move(elements[i]));
        }
        chunks.push_back(std::make_shared<const std::string>("]"));
        return chunks;
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

    /// skill-result.v1 defines the plans, results and verdict exactly as lens-plan.v1,
    /// lens-result.v1 and final-verdict.v1 do (a test holds them equal), so one compilation of
    /// skill-result.v1 gives all four schemas: compiling is what a commit's run pays most for.
    static constexpr std::pair<std::string_view, std::string_view> kSkillResultParts[] = {
        {"lens-plan.v1", "LensPlan"},
        {"lens-result.v1", "LensResult"},
        {"final-verdict.v1", "FinalVerdict"}};
    static constexpr std::string_view kSkillResult = "skill-result.v1";

    const json::SchemaValidator& validator(const std::string& schema_id) {
        if (const auto it = validators_.find(schema_id); it != validators_.end()) {
            return it->second;
        }
        const bool part = schema_id == kSkillResult ||
                          std::any_of(std::begin(kSkillResultParts), std::end(kSkillResultParts),
                                      [&](const auto& p) { return p.first == schema_id; });
        if (!part) {
            return validators_.emplace(schema_id, json::SchemaValidator::embedded(schema_id))
                .first->second;
        }
        std::vector<std::string> definitions;
        for (const auto& [id, definition] : kSkillResultParts) {
            definitions.emplace_back(definition);
        }
        auto compiled = json::SchemaValidator::embedded_with_definitions(kSkillResult, definitions);
        validators_.emplace(std::string(kSkillResult), std::move(compiled[0]));
        for (std::size_t i = 0; i < std::size(kSkillResultParts); ++i) {
            validators_.emplace(std::string(kSkillResultParts[i].first),
                                std::move(compiled[i + 1]));
        }
        return validators_.find(schema_id)->second;
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

using Chunks = std::vector<std::shared_ptr<const std::string>>;

Chunks one_chunk(std::string text) {
    return {std::make_shared<const std::string>(std::move(text))};
}

/// skill-result.json, assembled from the plans, results and verdict already checked: a canonical
/// object is its members' canonical forms in key order, so splicing gives the bytes
/// canonical(to_json(result)) would, without serializing or validating ten megabytes twice (or
/// even copying them: the chunks are shared). skill-result.v1 defines those three parts exactly
/// as their own files' schemas do (a test holds them equal), so validating the rest of the
/// object with empty arrays in their place checks everything the whole document's validation
/// would.
Chunks spliced_skill_result(Checker& checker, const contracts::SkillResult& result,
                            const Chunks& plans, const Chunks& results, const Chunks& verdict) {
    contracts::SkillResult skeleton;
    skeleton.schemaVersion = result.schemaVersion;
    skeleton.executionKey = result.executionKey;
    skeleton.normalizedInputHash = result.normalizedInputHash;
    skeleton.finalVerdict = result.finalVerdict;
    checker.checked("skill-result.json", "skill-result.v1", contracts::to_json(skeleton));
    const auto quoted = [](const std::string& s) { return json::canonical(json::Value(s)); };
    Chunks out;
    const auto text = [&](std::string s) {
        out.push_back(std::make_shared<const std::string>(std::move(s)));
    };
    const auto splice = [&](const Chunks& part) {
        out.insert(out.end(), part.begin(), part.end());
    };
    text("{\"executionKey\":" + quoted(result.executionKey) + ",\"finalVerdict\":");
    splice(verdict);
    text(",\"lensPlans\":");
    splice(plans);
    text(",\"lensResults\":");
    splice(results);
    text(",\"normalizedInputHash\":" + quoted(result.normalizedInputHash) +
         ",\"schemaVersion\":" + quoted(result.schemaVersion) + "}");
    return out;
}

}  // namespace

std::string RenderedFile::bytes() const {
    std::string out;
    out.reserve(size());
    for (const auto& chunk : chunks) {
        out += *chunk;
    }
    return out;
}

std::size_t RenderedFile::size() const {
    std::size_t n = 0;
    for (const auto& chunk : chunks) {
        n += chunk->size();
    }
    return n;
}

std::vector<RenderedFile> render_run(const contracts::SkillInput& input,
                                     const contracts::SkillResult& result, std::size_t workers) {
    Checker checker(workers);
    Chunks skill_input =
        one_chunk(checker.checked("skill-input.json", "skill-input.v1", contracts::to_json(input)));
    Chunks plans = checker.checked_array("lens-plans.json", "lens-plan.v1", result.lensPlans);
    Chunks results =
        checker.checked_array("lens-results.json", "lens-result.v1", result.lensResults);
    Chunks verdict = one_chunk(checker.checked("final-verdict.json", "final-verdict.v1",
                                               contracts::to_json(result.finalVerdict)));
    Chunks skill_result = spliced_skill_result(checker, result, plans, results, verdict);
    return {{"skill-input.json", std::move(skill_input)},
            {"lens-plans.json", std::move(plans)},
            {"lens-results.json", std::move(results)},
            {"final-verdict.json", std::move(verdict)},
            {"skill-result.json", std::move(skill_result)}};
}

namespace {

/// A run folder being written: removed on every way out but publish(), so an exception (a full
/// disk) or a cancelled run leaves no `.writing-*` folder behind.
class Staging {
  public:
    explicit Staging(fs::path path) : path_(std::move(path)) {}
    ~Staging() {
        if (!path_.empty()) {
            std::error_code ignored;
            fs::remove_all(path_, ignored);
        }
    }
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;

    const fs::path& path() const { return path_; }
    /// It is in place under another name: nothing to remove any more.
    void published() { path_.clear(); }

  private:
    fs::path path_;
};

/// manifest.json of the run folder `dir`; nullopt when it has none (a folder being swapped).
std::optional<std::string> manifest_of(const fs::path& dir) {
    try {
        return util::read_file(dir / "manifest.json");
    } catch (const util::IoError&) {
        return std::nullopt;
    }
}

/// Whether no lens of a run failed: only such runs are compared for drift. A failed lens (a
/// command denied before `qa-skill trust`, a provider outage, a timeout) depends on the machine
/// and the moment, not on the run's inputs: the next run of the key replaces it.
bool completed(const contracts::SkillResult& result) {
    return std::none_of(result.lensResults.begin(), result.lensResults.end(),
                        [](const auto& r) { return r.status == contracts::LensStatus::failed; });
}

/// completed() for the run folder `dir`, from its lens-results.json; false when unreadable.
bool completed(const fs::path& dir) {
    try {
        const json::Value results = json::parse(util::read_file(dir / "lens-results.json"));
        if (!results.is_array()) {
            return false;
        }
        return std::none_of(
            results.as_array().begin(), results.as_array().end(), [](const json::Value& r) {
                const json::Value* status = r.find("status");
                return status == nullptr || !status->is_string() || status->as_string() == "failed";
            });
    } catch (const std::exception&) {
        return false;
    }
}

/// The sha256 a manifest records for skill-input.json; empty when it cannot be read.
std::string input_hash_of(const std::string& manifest) {
    try {
        const json::Value m = json::parse(manifest);
        const json::Value* files = m.find("files");
        const json::Value* input = files != nullptr ? files->find("skill-input.json") : nullptr;
        return input != nullptr && input->is_string() ? input->as_string() : std::string();
    } catch (const std::exception&) {
        return {};
    }
}

/// Whether two manifests record the same normalized input, written by the same build. The
/// executionKey names commits, not the refs a SkillInput also records (a tag pushed after another
/// tag of the same commit), nor the qa-skill that ran (an upgrade plans and words its artifacts in
/// its own way): runs of one key from other inputs or builds are no drift, the newer replaces the
/// older.
bool same_input(const std::string& a, const std::string& b) {
    const std::string hash = input_hash_of(a);
    return (hash.empty() || hash == input_hash_of(b)) &&
           writer_of_manifest(a) == writer_of_manifest(b);
}

/// Puts the complete `staging` folder in place as `dir`. A folder already there with the same
/// manifest (the same hashed bytes: the same inputs run again, or at the same time) is swapped
/// for the new one, and so is one in which a lens failed, or any when this run (`complete`
/// false) had a lens fail, or one from another normalized input or build (same_input), or one
/// whose commands gave other outcomes (command_outcome_difference: the project's, not ours); two
/// complete runs of the same input by one build with other manifests are drift: the folder is kept
/// and `staging` goes beside it, to `drift_dir`, which is returned. Another run of the key may swap
/// the folder at any moment: each step that loses such a race starts again, and a run that keeps
/// losing leaves the folder it found, whose hashed bytes are its own.
std::optional<fs::path> publish(const fs::path& staging, const fs::path& dir,
                                const std::string& manifest, const fs::path& drift_dir,
                                bool complete, const std::vector<RenderedFile>& files) {
    const fs::path aside =
        dir.parent_path() /
        (std::string(kPruningPrefix) + dir.filename().string() + "-" + std::to_string(::getpid()));
    std::error_code ec;
    for (int attempt = 0; attempt < 16; ++attempt) {
        fs::rename(staging, dir, ec);
        if (!ec) {
            return std::nullopt;
        }
        const auto existing = manifest_of(dir);
        if (!existing) {
            if (fs::exists(dir, ec) && !fs::exists(dir / "manifest.json", ec)) {
                // Not a run folder of ours (emptied by hand): replace it as before.
                fs::remove_all(aside, ec);
                fs::rename(dir, aside, ec);
                fs::remove_all(aside, ec);
            }
            continue;  // being swapped by another run: try again
        }
        if (*existing != manifest && complete && completed(dir) &&
            same_input(*existing, manifest) && !command_outcome_difference(dir, files)) {
            fs::remove_all(drift_dir, ec);
            fs::rename(staging, drift_dir, ec);
            if (ec) {
                throw util::IoError(drift_dir.string() +
                                    ": cannot record the drifted run: " + ec.message());
            }
            return drift_dir;
        }
        fs::remove_all(aside, ec);
        fs::rename(dir, aside, ec);
        if (ec) {
            continue;  // another run moved it first
        }
        // Its own code: the removal's success must not hide a lost race (another run's folder
        // went in first), which left `staging` behind as a `.writing-*` folder.
        std::error_code moved;
        fs::rename(staging, dir, moved);
        fs::remove_all(aside, ec);
        if (!moved) {
            return std::nullopt;
        }
    }
    // Another run of the same bytes keeps winning: its folder is this run's too.
    fs::remove_all(staging, ec);
    return std::nullopt;
}

}  // namespace

void ignore_root(const fs::path& artifact_root) {
    std::error_code ec;
    const fs::path ignore = artifact_root / ".gitignore";
    if (!fs::exists(ignore, ec)) {
        util::write_file_atomic(ignore, "# qa-skill run artifacts: never committed\n*\n");
    }
}

WrittenRun write_run(const fs::path& artifact_root, const contracts::SkillInput& input,
                     const contracts::SkillResult& result, const RunExtras& extras,
                     std::size_t workers) {
    const auto files = render_run(input, result, workers);  // validates everything before any write

    std::error_code ec;
    fs::create_directories(artifact_root, ec);
    if (ec) {
        throw util::IoError(artifact_root.string() +
                            ": cannot create the artifact root: " + ec.message());
    }
    ignore_root(artifact_root);
    const fs::path dir = artifact_root / "runs" / result.executionKey;
    // Written in a folder of its own and renamed into place when complete: a run folder under
    // its key is always whole, and pruning (retention.hpp) never sees one being written.
    const fs::path staging =
        artifact_root / "runs" /
        (std::string(kStagingPrefix) + result.executionKey + "-" + std::to_string(::getpid()));
    fs::remove_all(staging, ec);
    fs::create_directories(staging, ec);
    Staging guard(staging);
    if (ec) {
        throw util::IoError(staging.string() +
                            ": cannot create the run directory: " + ec.message());
    }
    json::Object manifest_files;
    for (const auto& file : files) {
        util::Sha256 hash;
        for (const auto& chunk : file.chunks) {
            hash.update(*chunk);
        }
        manifest_files.emplace_back(file.name, hash.hex_digest());
    }
    const json::Value manifest_value = json::Object{
        {"schemaVersion", "artifact-manifest.v1"},
        {"executionKey", result.executionKey},
        {"files", std::move(manifest_files)},
        {"qaSkillVersion", this_build()},
    };
    const std::string manifest =
        Checker().checked("manifest.json", "artifact-manifest.v1", manifest_value);
    // No fsync per file: the folder is renamed into place once complete, and a hook should not
    // wait for the disk seven times per commit. Like git's loose objects, a run folder may be
    // lost to a power cut; it is never seen half written.
    for (const auto& file : files) {
        util::AtomicFile out(staging / file.name, util::Sync::no);
        for (const auto& chunk : file.chunks) {
            out.write(*chunk);
        }
        out.commit();
    }
    util::write_file_atomic(staging / "manifest.json", manifest, util::Sync::no);
    util::write_file_atomic(staging / "timings.json", json::canonical(extras.timings),
                            util::Sync::no);
    if (extras.provenance) {
        util::write_file_atomic(staging / "provenance.json", json::canonical(*extras.provenance),
                                util::Sync::no);
    }
    if (extras.replay) {
        util::write_file_atomic(staging / "replay.json", *extras.replay, util::Sync::no);
    }
    const std::string manifest_sha = util::sha256_hex(manifest);
    const fs::path drift_dir =
        artifact_root / "runs" / (result.executionKey + ".drift-" + manifest_sha.substr(0, 12));
    auto drifted = publish(staging, dir, manifest, drift_dir, completed(result), files);
    guard.published();
    return {dir, manifest_sha, std::move(drifted)};
}

}  // namespace qa::artifacts
