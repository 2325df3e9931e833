// Two runs' lens results differ by their commands' outcomes only where a command the project
// runs gave another exit code or printed other bytes: named by lens, sub-lens and ordinal.
#include <catch2/catch.hpp>

#include "artifacts/command_outcomes.hpp"

namespace {

std::string command(int ordinal, int exit_code, char stderr_digit) {
    return R"({"ordinal":)" + std::to_string(ordinal) + R"(,"exitCode":)" +
           std::to_string(exit_code) + R"(,"timedOut":false,"stdoutSha256":")" +
           std::string(64, 'a') + R"(","stderrSha256":")" + std::string(64, stderr_digit) + R"("})";
}

std::string results(const std::string& commands, const std::string& evidence = "ok") {
    return R"([{"lensId":"security","evidenceSummary":[")" + evidence +
           R"("]},{"lensId":"phase","subLensId":"tests","executionAudit":{"commands":[)" +
           commands + "]}}]";
}

}  // namespace

TEST_CASE("command outcomes: the first command whose outcome differs is named",
          "[artifacts][drift]") {
    const std::string one = results(command(1, 0, 'b'));
    CHECK_FALSE(qa::artifacts::command_outcome_difference(one, one));
    // Other bytes outside the commands (a finding, a summary) are the caller's to compare.
    CHECK_FALSE(
        qa::artifacts::command_outcome_difference(one, results(command(1, 0, 'b'), "other")));
    CHECK(qa::artifacts::command_outcome_difference(one, results(command(1, 0, 'c'))) ==
          std::optional<std::string>("phase/tests command 1"));
    CHECK(qa::artifacts::command_outcome_difference(one, results(command(1, 1, 'b'))) ==
          std::optional<std::string>("phase/tests command 1"));
    // A re-run of a failing command: one command more.
    const std::string two = results(command(1, 1, 'b') + "," + command(2, 0, 'b'));
    CHECK(qa::artifacts::command_outcome_difference(results(command(1, 1, 'b')), two) ==
          std::optional<std::string>("phase/tests command 2"));
    // Not lens results: nothing to say.
    CHECK_FALSE(qa::artifacts::command_outcome_difference("{}", one));
    CHECK_FALSE(qa::artifacts::command_outcome_difference(one, "not json"));
}
