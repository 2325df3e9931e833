#include "prepare/gate_changes.hpp"

#include <algorithm>
#include <set>

#include "baseline/baseline.hpp"
#include "config/weakening.hpp"
#include "git/blob.hpp"
#include "git/hunk_lines.hpp"
#include "git/tree_blob.hpp"

namespace qa::prepare {
namespace {

const git::FileChange* change_of(const git::ChangeSet& changes, std::string_view path) {
    const auto it = std::find_if(changes.files.begin(), changes.files.end(),
                                 [&](const git::FileChange& f) { return f.path == path; });
    return it == changes.files.end() ? nullptr : &*it;
}

/// The first added line of `file` holding `needle`, else its first added line, else 1.
std::int64_t line_of(const git::Repository& repo, const git::FileChange& file,
                     std::string_view needle) {
    std::int64_t first = 0;
    std::int64_t found = 0;
    if (file.lines_in_blobs()) {
        git::for_each_added_line(
            file, [&](const std::string& oid) { return git::read_blob(repo, oid); },
            [&](std::uint32_t line_no, std::string_view text) {
                if (first == 0) {
                    first = line_no;
                }
                if (!needle.empty() && text.find(needle) != std::string_view::npos) {
                    found = line_no;
                    return false;
                }
                return true;
            });
    }
    return found > 0 ? found : first > 0 ? first : 1;
}

/// The text of `path` at the change's base, or nullopt when the base has none.
std::optional<std::string> at_base(const git::Repository& repo, const git::ChangeSet& changes,
                                   const std::string& path) {
    if (changes.base == git::kEmptyTreeSha) {
        return std::nullopt;
    }
    const auto oid = git::blob_id_at(repo, changes.base, path);
    return oid ? git::read_blob(repo, *oid) : std::nullopt;
}

}  // namespace

std::vector<input::GateChange> gate_changes(const git::Repository& repo,
                                            const git::ChangeSet& changes,
                                            const config::Config& config,
                                            const std::optional<baseline::LoadedBaseline>& accepted,
                                            std::span<const std::string> known_lens_ids,
                                            bool config_from_tree) {
    std::vector<input::GateChange> out;
    const std::string config_path(settings::kConfigFileName);
    if (const auto* file = change_of(changes, config_path); file != nullptr && config_from_tree) {
        std::optional<config::Config> before;
        try {
            const auto text = at_base(repo, changes, config_path);
            before = config::parse_config(
                text ? *text : config::default_config_text(),
                text ? changes.base + ":" + config_path : std::string(config::kEmbeddedSource),
                known_lens_ids);
        } catch (const settings::ConfigError&) {
            before.reset();
        }
        if (before) {
            for (auto& w : config::weakenings(*before, config)) {
                const std::string last = w.key.substr(w.key.rfind('.') + 1);
                out.push_back(
                    {config_path, line_of(repo, *file, last), w.key, std::move(w.summary), {}});
            }
        }
    }
    if (const auto* file = change_of(changes, config.baseline); file != nullptr && accepted) {
        std::set<std::string> known;
        try {
            if (const auto text = at_base(repo, changes, config.baseline)) {
                const auto before = baseline::Baseline::parse(*text, config.baseline);
                for (const auto& e : before.entries()) {
                    known.insert(e.fingerprint);
                }
            }
        } catch (const baseline::BaselineError&) {
            known.clear();  // a broken base baseline accepted nothing
        }
        std::set<std::string> rules;
        std::size_t added = 0;
        std::string first;
        for (const auto& e : accepted->baseline.entries()) {
            if (known.count(e.fingerprint) == 0) {
                ++added;
                rules.insert(e.ruleId);
                if (first.empty()) {
                    first = e.fingerprint;
                }
            }
        }
        if (added > 0) {
            std::string list;
            for (const auto& r : rules) {
                list += (list.empty() ? "" : ", ") + r;
            }
            out.push_back({config.baseline,
                           line_of(repo, *file, first),
                           "baseline",
                           std::to_string(added) + " finding(s) newly accepted by the baseline (" +
                               list + ")",
                           {}});
        }
    }
    return out;
}

}  // namespace qa::prepare
