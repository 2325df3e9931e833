#include "consistency/exemplars.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"
#include "rubric/check_eval.hpp"

namespace qa::consistency {

const char* const kExemplarRule =
    "Candidates are source files (not tests) of a known language with 10 to 300 lines and at "
    "most 12000 bytes that break none of the rubric's checks and hold nothing a credential rule "
    "matches. From each of the three top-level folders with the most source files (ties by "
    "name), the candidate to which the most checks apply is chosen; ties go to the line count "
    "closest to the folder's median, then to the path in byte order.";

namespace {

constexpr std::size_t kMinLines = 10;
constexpr std::size_t kMaxLines = 300;
constexpr std::size_t kMaxBytes = 12000;
constexpr std::size_t kFolders = 3;

std::size_t line_count(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
           (text.empty() || text.back() == '\n' ? 0 : 1);
}

std::string top_folder(const std::string& path) {
    const auto slash = path.find('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

}  // namespace

std::vector<rubric::Exemplar> choose_exemplars(const Tree& tree,
                                               const std::vector<rubric::Rule>& rules,
                                               const CredentialTest& has_credential) {
    std::vector<rubric::CheckEval> checks;
    for (const auto& r : rules) {
        if (r.check) {
            checks.emplace_back(*r.check);
        }
    }
    // Source files per top-level folder (files at the root are no folder's).
    std::map<std::string, std::vector<const TreeFile*>> folders;
    for (const auto& f : tree.files) {
        if (is_code(f) && f.kind == plan::FileKind::source && !top_folder(f.path).empty()) {
            folders[top_folder(f.path)].push_back(&f);
        }
    }
    std::vector<std::pair<std::string, std::vector<const TreeFile*>>> order(folders.begin(),
                                                                            folders.end());
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        return a.second.size() > b.second.size();
    });
    std::vector<rubric::Exemplar> out;
    for (const auto& [folder, files] : order) {
        if (out.size() == kFolders) {
            break;
        }
        std::vector<std::size_t> sizes;
        for (const TreeFile* f : files) {
            sizes.push_back(line_count(f->text));
        }
        std::sort(sizes.begin(), sizes.end());
        const auto median = static_cast<std::int64_t>(sizes[sizes.size() / 2]);
        const TreeFile* best = nullptr;
        std::tuple<std::int64_t, std::int64_t, std::string> best_key;
        std::int64_t best_applied = 0;
        for (const TreeFile* f : files) {
            const std::size_t lines = line_count(f->text);
            if (lines < kMinLines || lines > kMaxLines || f->text.size() > kMaxBytes) {
                continue;
            }
            std::int64_t applied = 0;
            bool clean = true;
            for (const auto& c : checks) {
                if (c.applies(facts(*f))) {
                    ++applied;
                    clean = clean && !c.file_problem(facts(*f), f->text);
                }
            }
            if (!clean || (has_credential && has_credential(*f))) {
                continue;
            }
            const auto key = std::make_tuple(
                -applied, std::abs(static_cast<std::int64_t>(lines) - median), f->path);
            if (best == nullptr || key < best_key) {
                best = f;
                best_key = key;
                best_applied = applied;
            }
        }
        if (best != nullptr) {
            out.push_back(rubric::Exemplar{best->path, best->blob, best->language,
                                           "the candidate of " + folder +
                                               " to which the most checks (" +
                                               std::to_string(best_applied) + ") apply",
                                           best->text});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const rubric::Exemplar& a, const rubric::Exemplar& b) { return a.path < b.path; });
    return out;
}

}  // namespace qa::consistency
