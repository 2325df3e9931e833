#include "rubric/store.hpp"

#include <algorithm>
#include <charconv>

#include "rubric/document.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::rubric {
namespace {

namespace fs = std::filesystem;

std::optional<std::int64_t> version_of(const std::string& name, bool drafts) {
    const std::string suffix = drafts ? ".draft.json" : ".json";
    if (name.size() <= suffix.size() + 1 || name[0] != 'v' || !name.ends_with(suffix)) {
        return std::nullopt;
    }
    const std::string digits = name.substr(1, name.size() - 1 - suffix.size());
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size() || v < 1 ||
        digits != std::to_string(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::string> read_if_exists(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return std::nullopt;
    }
    return util::read_file(path);
}

}  // namespace

std::string frozen_name(std::int64_t version) {
    return "v" + std::to_string(version) + ".json";
}

std::string draft_name(std::int64_t version) {
    return "v" + std::to_string(version) + ".draft.json";
}

std::vector<std::int64_t> versions_in(const fs::path& dir, bool drafts) {
    std::vector<std::int64_t> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (const auto v = version_of(it->path().filename().string(), drafts)) {
            out.push_back(*v);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

Written write_draft(const Places& places, const std::function<Rubric(std::int64_t)>& build) {
    const auto frozen = versions_in(places.frozenDir, false);
    const auto drafts = versions_in(places.draftDir, true);
    const std::int64_t newest_frozen = frozen.empty() ? 0 : frozen.back();
    const std::int64_t newest_draft = drafts.empty() ? 0 : drafts.back();
    if (newest_draft > newest_frozen) {
        const fs::path path = places.draftDir / draft_name(newest_draft);
        const Rubric again = build(newest_draft);
        if (read_if_exists(path) == render(again)) {
            return Written{newest_draft, path, rubric_hash(again), true};
        }
    }
    const std::int64_t version = std::max(newest_frozen, newest_draft) + 1;
    const Rubric draft = build(version);
    fs::create_directories(places.draftDir);
    const fs::path path = places.draftDir / draft_name(version);
    util::write_file_atomic(path, render(draft));
    return Written{version, path, rubric_hash(draft), false};
}

Written approve(const Places& places, std::int64_t version) {
    const fs::path draft_path = places.draftDir / draft_name(version);
    const fs::path frozen_path = places.frozenDir / frozen_name(version);
    if (read_if_exists(frozen_path)) {
        throw RubricError(frozen_path.string() + ": rubric version " + std::to_string(version) +
                          " is frozen already; frozen versions are immutable (run "
                          "`qa-skill consistency-init` for a new draft version)");
    }
    const auto text = read_if_exists(draft_path);
    if (!text) {
        throw RubricError("no draft rubric version " + std::to_string(version) + " (" +
                          draft_path.string() + "); `qa-skill consistency-init` writes one");
    }
    Rubric rubric = parse(*text, draft_path.string(), Integrity::reread);
    if (rubric.rubricVersion != version) {
        throw RubricError(draft_path.string() + ": records rubricVersion " +
                          std::to_string(rubric.rubricVersion) + ", not " +
                          std::to_string(version));
    }
    rubric.status = Status::frozen;
    fs::create_directories(places.frozenDir);
    util::write_file_atomic(frozen_path, render(rubric));
    return Written{version, frozen_path, rubric_hash(rubric), false};
}

Rubric load_frozen(std::string_view text, const std::string& source, std::int64_t version) {
    Rubric rubric = parse(text, source, Integrity::verify);
    if (rubric.status != Status::frozen) {
        throw RubricError(source + ": rubric version " + std::to_string(rubric.rubricVersion) +
                          " is a draft; the consistency lens enforces only a frozen rubric "
                          "(`qa-skill consistency-approve " +
                          std::to_string(rubric.rubricVersion) + "`)");
    }
    if (rubric.rubricVersion != version) {
        throw RubricError(source + ": records rubricVersion " +
                          std::to_string(rubric.rubricVersion) + ", not " +
                          std::to_string(version));
    }
    return rubric;
}

}  // namespace qa::rubric
