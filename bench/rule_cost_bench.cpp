// Where a scan's time goes, rule by rule: the embedded security and style rules, compiled together
// as a run compiles them, scan each file given (one buffer per file, as `run --all-files` does);
// the candidate pass and each candidate rule's own pass are timed apart (the rules that judge only
// what a change adds sit out, as in an audit). Prints the total, then
// the rules that cost the most, with their matches. A program, not a test: it asserts nothing.
//
//   rule_cost_bench [--top N] FILE...

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/rule_set.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

struct Cost {
    double seconds = 0;
    std::size_t runs = 0;
    std::size_t matches = 0;
};

}  // namespace

int main(int argc, char** argv) {
    std::size_t top = 15;
    std::vector<const char*> paths;
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--top" && i + 1 < argc) {
            top = std::strtoul(argv[++i], nullptr, 10);
        } else {
            paths.push_back(argv[i]);
        }
    }
    if (paths.empty()) {
        std::fprintf(stderr, "usage: rule_cost_bench [--top N] FILE...\n");
        return 2;
    }
    constexpr std::array<std::string_view, 2> kLenses{"security", "style"};
    const auto rules = qa::rules::RuleSet::from_embedded_lenses(kLenses, false);
    std::vector<Cost> costs(rules.rules().size());
    double candidate_seconds = 0;
    std::size_t bytes = 0;
    for (const char* path : paths) {
        const std::string text = read_file(path);
        bytes += text.size();
        const qa::rules::ScanInput input{path, "", text, {}};
        auto start = Clock::now();
        const std::vector<std::size_t> candidates = rules.candidates(text);
        candidate_seconds += seconds_since(start);
        for (const std::size_t c : candidates) {
            if (rules.rules()[c].changesOnly) {
                continue;  // as in `run --all-files`, which holds no change
            }
            const std::array<std::size_t, 1> one{c};
            start = Clock::now();
            std::size_t matches = 0;
            rules.scan(input, one, [&](const qa::rules::RuleMatch&) { ++matches; });
            costs[c].seconds += seconds_since(start);
            costs[c].runs += 1;
            costs[c].matches += matches;
        }
    }
    double rule_seconds = 0;
    for (const Cost& c : costs) {
        rule_seconds += c.seconds;
    }
    const double mb = static_cast<double>(bytes) / 1e6;
    std::printf(
        "%zu files, %.1f MB: candidate pass %.3f s (%.0f MB/s), rules %.3f s, together "
        "%.0f MB/s\n",
        paths.size(), mb, candidate_seconds, mb / candidate_seconds, rule_seconds,
        mb / (candidate_seconds + rule_seconds));
    std::vector<std::size_t> order(costs.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return costs[a].seconds > costs[b].seconds; });
    std::printf("%-40s %9s %7s %8s\n", "rule", "seconds", "files", "matches");
    for (std::size_t i = 0; i < std::min(top, order.size()) && costs[order[i]].runs > 0; ++i) {
        const Cost& c = costs[order[i]];
        std::printf("%-40s %9.3f %7zu %8zu\n", rules.rules()[order[i]].id.c_str(), c.seconds,
                    c.runs, c.matches);
    }
    return 0;
}
