#include "artifacts/command_outcomes.hpp"

#include <algorithm>
#include <vector>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "util/error.hpp"
#include "util/file.hpp"

namespace qa::artifacts {
namespace {

/// One command a lens ran: its name for messages and its outcome as canonical JSON.
struct Outcome {
    std::string name;
    std::string canonical;
};

std::string string_member(const json::Value& v, std::string_view key) {
    const json::Value* m = v.find(key);
    return m != nullptr && m->is_string() ? m->as_string() : std::string();
}

/// The commands of every lens result, in order; nullopt when `text` is no array of objects.
std::optional<std::vector<Outcome>> outcomes(std::string_view text) {
    json::Value results;
    try {
        results = json::parse(text);
    } catch (const json::Error&) {
        return std::nullopt;
    }
    if (!results.is_array()) {
        return std::nullopt;
    }
    std::vector<Outcome> out;
    for (const auto& r : results.as_array()) {
        if (!r.is_object()) {
            return std::nullopt;
        }
        const json::Value* audit = r.find("executionAudit");
        const json::Value* commands = audit != nullptr ? audit->find("commands") : nullptr;
        if (commands == nullptr || !commands->is_array()) {
            continue;
        }
        std::string lens = string_member(r, "lensId");
        if (const std::string sub = string_member(r, "subLensId"); !sub.empty()) {
            lens += "/" + sub;
        }
        for (const auto& c : commands->as_array()) {
            const json::Value* ordinal = c.find("ordinal");
            out.push_back(
                Outcome{lens + " command " + (ordinal != nullptr ? json::canonical(*ordinal) : "?"),
                        json::canonical(c)});
        }
    }
    return out;
}

}  // namespace

std::optional<std::string> command_outcome_difference(std::string_view stored,
                                                      std::string_view replayed) {
    const auto a = outcomes(stored);
    const auto b = outcomes(replayed);
    if (!a || !b) {
        return std::nullopt;
    }
    for (std::size_t i = 0; i < a->size() && i < b->size(); ++i) {
        if ((*a)[i].name != (*b)[i].name || (*a)[i].canonical != (*b)[i].canonical) {
            return (*b)[i].name;
        }
    }
    if (a->size() != b->size()) {
        return a->size() > b->size() ? a->back().name : b->back().name;
    }
    return std::nullopt;
}

std::optional<std::string> command_outcome_difference(const std::filesystem::path& run_dir,
                                                      const std::vector<RenderedFile>& rendered) {
    const auto replayed = std::find_if(rendered.begin(), rendered.end(),
                                       [](const auto& f) { return f.name == "lens-results.json"; });
    if (replayed == rendered.end()) {
        return std::nullopt;
    }
    std::string stored;
    try {
        stored = util::read_file(run_dir / "lens-results.json");
    } catch (const util::IoError&) {
        return std::nullopt;
    }
    return command_outcome_difference(stored, replayed->bytes());
}

}  // namespace qa::artifacts
