#include "config/rubric_file.hpp"

#include "config/repo_file.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::config {
namespace {

const LensSettings* consistency(const Config& config) {
    const auto it = config.lenses.find("consistency");
    return it == config.lenses.end() ? nullptr : &it->second;
}

}  // namespace

std::optional<std::string> rubric_path(const Config& config) {
    const LensSettings* lens = consistency(config);
    if (lens == nullptr || !lens->enabled) {
        return std::nullopt;
    }
    if (!lens->rubricVersion) {
        throw settings::ConfigError(
            config.source, lens->line, lens->column, std::string(kRubricVersionKey),
            "the consistency lens enforces a frozen rubric and names none; run "
            "`qa-skill consistency-init`, review the draft, `qa-skill "
            "consistency-approve <version>`, commit it and set rubric_version");
    }
    return lens->rubricDir + "/v" + std::to_string(*lens->rubricVersion) + ".json";
}

settings::ConfigError rubric_error(const Config& config, const std::string& problem) {
    const LensSettings* lens = consistency(config);
    const bool at_key = lens != nullptr && lens->rubricLine != 0;
    return settings::ConfigError(config.source, at_key ? lens->rubricLine : (lens ? lens->line : 0),
                                 at_key ? lens->rubricColumn : (lens ? lens->column : 0),
                                 std::string(kRubricVersionKey), problem);
}

std::string missing_rubric_problem(const Config& config, const std::filesystem::path& repo_root,
                                   const std::string& path) {
    const LensSettings* lens = consistency(config);
    const std::int64_t version = lens && lens->rubricVersion ? *lens->rubricVersion : 0;
    const std::string v = std::to_string(version);
    const auto draft = repo_root / config.artifactRoot / "rubric" / ("v" + v + ".draft.json");
    std::error_code ec;
    if (std::filesystem::is_regular_file(draft, ec)) {
        return "rubric version " + v + " is a draft (" + (config.artifactRoot + "/rubric/v" + v) +
               ".draft.json), not a frozen rubric: review it, run `qa-skill consistency-approve " +
               v + "` and commit " + path;
    }
    return "no frozen rubric version " + v + ": " + path +
           " is not in the tree the configuration is from";
}

void load_rubric_file(Config& config, const std::filesystem::path& repo_root) {
    const auto path = rubric_path(config);
    if (!path) {
        return;
    }
    const auto file =
        resolve_repo_file(repo_root, *path, {config.source, 0, 0, std::string(kRubricVersionKey)});
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        throw rubric_error(config, missing_rubric_problem(config, repo_root, *path));
    }
    RubricFile rubric;
    rubric.path = *path;
    try {
        rubric.text = util::read_file(file);
    } catch (const util::IoError& e) {
        throw rubric_error(config, e.what());
    }
    rubric.sha256 = util::sha256_hex(rubric.text);
    config.rubric = std::move(rubric);
}

}  // namespace qa::config
