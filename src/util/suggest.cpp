#include "util/suggest.hpp"

#include <algorithm>
#include <vector>

namespace qa::util {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: Levenshtein plus transpositions, three rows of the table.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        previous[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                row[j] = std::min(row[j], before[j - 2] + 1);
            }
        }
        std::swap(before, previous);
        std::swap(previous, row);
    }
    return previous[b.size()];
}

std::optional<std::string> closest(std::string_view word, std::span<const std::string> candidates) {
    const std::size_t limit = word.size() <= 3 ? 1 : word.size() <= 7 ? 2 : 3;
    const std::string* best = nullptr;
    std::size_t best_distance = limit + 1;
    for (const auto& candidate : candidates) {
        if (candidate == word) {
            return std::nullopt;
        }
        // Lengths further apart than the limit cannot be within it: skip the table.
        const std::size_t gap = candidate.size() > word.size() ? candidate.size() - word.size()
                                                               : word.size() - candidate.size();
        if (gap >= best_distance) {
            continue;
        }
        const std::size_t d = edit_distance(word, candidate);
        // A name replaced whole (`x` for `y`) is another name, not a misspelling.
        if (d < best_distance && d < word.size() && d < candidate.size()) {
            best = &candidate;
            best_distance = d;
        }
    }
    if (best == nullptr) {
        return std::nullopt;
    }
    return *best;
}

std::string did_you_mean(std::string_view word, std::span<const std::string> candidates) {
    const auto match = closest(word, candidates);
    return match ? " (did you mean `" + *match + "`?)" : std::string();
}

}  // namespace qa::util
