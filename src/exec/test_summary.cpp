#include "exec/test_summary.hpp"

#include <re2/re2.h>

#include <string>

namespace qa::exec {
namespace {

/// Sums the first group of every match of `pattern` in `text`; nullopt when none matched.
std::optional<long> sum_matches(std::string_view text, const RE2& pattern) {
    re2::StringPiece input(text.data(), text.size());
    std::optional<long> total;
    long value = 0;
    while (RE2::FindAndConsume(&input, pattern, &value)) {
        total = total.value_or(0) + value;
    }
    return total;
}

std::optional<long> count_matches(std::string_view text, const RE2& pattern) {
    re2::StringPiece input(text.data(), text.size());
    std::optional<long> total;
    while (RE2::FindAndConsume(&input, pattern)) {
        total = total.value_or(0) + 1;
    }
    return total;
}

}  // namespace

std::optional<long> failing_test_count(std::string_view output) {
    // cargo test: one "test result:" line per test binary.
    static const RE2 cargo(R"(test result: (?:ok|FAILED)\. \d+ passed; (\d+) failed)");
    if (auto n = sum_matches(output, cargo))
        return n;
    // CTest.
    static const RE2 ctest(R"(\d+% tests passed, (\d+) tests? failed out of \d+)");
    if (auto n = sum_matches(output, ctest))
        return n;
    // node --test, TAP and spec reporters.
    static const RE2 node(R"((?m)^(?:# |ℹ )fail (\d+)\s*$)");
    if (auto n = sum_matches(output, node))
        return n;
    // jest "Tests:       1 failed, 2 passed" / vitest "Tests  1 failed | 2 passed".
    static const RE2 jest(R"((?m)^\s*Tests:?\s+(\d+) failed)");
    if (auto n = sum_matches(output, jest))
        return n;
    static const RE2 jest_ok(R"((?m)^\s*Tests:?\s+\d+ passed)");
    if (count_matches(output, jest_ok))
        return 0;
    // pytest's final line: "== 2 failed, 3 passed, 1 error in 0.12s ==", and with -q (or
    // -qq) the same counts undecorated: "2 failed, 3 passed in 0.12s".
    static const RE2 pytest_line(R"((?m)^=+ (.*) in [\d.]+s(?: \([^)]*\))? =+\s*$)");
    static const RE2 pytest_quiet(
        R"((?m)^((?:\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|warnings?|deselected|)"
        R"(rerun)(?:, )?)+) in [\d.]+s(?: \([^)]*\))?\s*$)");
    std::string line;
    const re2::StringPiece text(output.data(), output.size());
    if (RE2::PartialMatch(text, pytest_line, &line) ||
        RE2::PartialMatch(text, pytest_quiet, &line)) {
        static const RE2 failed(R"((\d+) (?:failed|errors?)\b)");
        return sum_matches(line, failed).value_or(0);
    }
    // Python unittest.
    static const RE2 unittest_failed(R"((?m)^FAILED \(([^)]*)\))");
    std::string counts;
    if (RE2::PartialMatch(re2::StringPiece(output.data(), output.size()), unittest_failed,
                          &counts)) {
        static const RE2 parts(R"((?:failures|errors|unexpected successes)=(\d+))");
        return sum_matches(counts, parts).value_or(0);
    }
    static const RE2 unittest_ok(R"((?m)^Ran \d+ tests? in [\d.]+s\s*\n\s*\nOK)");
    if (count_matches(output, unittest_ok))
        return 0;
    // go test: one "--- FAIL:" per failing test; "ok" / "PASS" lines when none failed.
    static const RE2 go_fail(R"((?m)^\s*--- FAIL: )");
    if (auto n = count_matches(output, go_fail))
        return n;
    static const RE2 go_ok(R"((?m)^(?:ok\s+\S+|PASS)\s)");
    if (count_matches(output, go_ok))
        return 0;
    return std::nullopt;
}

}  // namespace qa::exec
