#include "prepare/skip.hpp"

#include <algorithm>

#include "util/error.hpp"

namespace qa::prepare {

std::vector<std::string> parse_skip(const char* value) {
    std::vector<std::string> out;
    if (value == nullptr) {
        return out;
    }
    const std::string_view text(value);
    std::size_t at = 0;
    while (at < text.size()) {
        const auto end = std::min(text.find_first_of(", \t", at), text.size());
        std::string id(text.substr(at, end - at));
        if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) {
            out.push_back(std::move(id));
        }
        at = end + 1;
    }
    return out;
}

void check_skip(const std::vector<std::string>& skip, const plan::Registry& registry) {
    const std::string name(kSkipVariable);
    for (const auto& id : skip) {
        if (id == "security") {
            throw util::InputError(
                name +
                ": the security lens cannot be skipped (it finds credentials before they leave "
                "your machine); `git commit --no-verify` skips every check, and the push gate "
                "still runs");
        }
        if (id == "gate") {
            throw util::InputError(name +
                                   ": the gate lens cannot be skipped (it is what reports a skip)");
        }
        if (registry.find(id) == nullptr) {
            std::string known;
            for (const auto& lens : registry.lenses) {
                known += (known.empty() ? "" : ", ") + lens.lensId;
            }
            throw util::InputError(name + ": no lens \"" + id + "\" (known: " + known + ")");
        }
    }
}

std::optional<std::vector<std::string>> without_skipped(
    const std::optional<std::vector<std::string>>& requested, const std::vector<std::string>& skip,
    const plan::Registry& registry) {
    if (skip.empty()) {
        return requested;
    }
    std::vector<std::string> out = requested ? *requested : registry.lens_ids();
    std::erase_if(out, [&](const std::string& id) {
        return std::find(skip.begin(), skip.end(), id) != skip.end();
    });
    return out;
}

std::optional<input::GateChange> skip_change(const std::vector<std::string>& skip,
                                             const git::ChangeSet& changes,
                                             const plan::ExcludeFilter& exclude) {
    if (skip.empty()) {
        return std::nullopt;
    }
    const git::FileChange* anchor = nullptr;
    for (const auto& f : changes.files) {
        if (f.status != git::FileStatus::deleted && !exclude.excluded(f.path) &&
            (anchor == nullptr || f.path < anchor->path)) {
            anchor = &f;
        }
    }
    if (anchor == nullptr) {
        return std::nullopt;
    }
    std::string list;
    for (const auto& id : skip) {
        list += (list.empty() ? "" : ", ") + id;
    }
    const std::string name(kSkipVariable);
    return input::GateChange{anchor->path, 1, name,
                             name + " skipped " + list + " for this run: " +
                                 (skip.size() == 1 ? "that lens" : "those lenses") + " did not run",
                             name};
}

}  // namespace qa::prepare
