// doc/exit-codes.md lists the error codes a user meets in verdicts and artifacts. This test reads
// its "Error codes" table and compares it with contracts::ErrorCode, both ways: a code the
// contracts define but the page does not explain fails, and so does a code on the page that
// the contracts do not define (a typo, or a code that was renamed or removed).
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "contracts/enums.hpp"

namespace {

/// The codes of the table under "## Error codes": each `UPPER_CASE` word in its first column.
std::set<std::string> documented_codes(const std::string& page) {
    const auto start = page.find("\n## Error codes");
    REQUIRE(start != std::string::npos);
    const auto end = page.find("\n## ", start + 1);
    std::istringstream lines(page.substr(start, end == std::string::npos ? end : end - start));
    std::set<std::string> out;
    const std::regex code("`([A-Z][A-Z0-9_]+)`");
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("| `", 0) != 0) {
            continue;  // not a table row
        }
        const std::string first = line.substr(1, line.find(" |", 1));
        for (std::sregex_iterator it(first.begin(), first.end(), code), done; it != done; ++it) {
            out.insert((*it)[1]);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("doc/exit-codes.md explains exactly the ErrorCode values of the contracts",
          "[docs][contracts]") {
    std::ifstream in(std::string(QA_SOURCE_DIR) + "/doc/exit-codes.md", std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    const auto documented = documented_codes(text.str());

    std::set<std::string> defined;
    for (const auto code : qa::contracts::enum_values<qa::contracts::ErrorCode>()) {
        defined.insert(std::string(qa::contracts::to_string(code)));
    }
    for (const auto& code : defined) {
        INFO("ErrorCode " << code << " is not in doc/exit-codes.md's Error codes table");
        CHECK(documented.count(code) == 1);
    }
    for (const auto& code : documented) {
        INFO("doc/exit-codes.md documents " << code << ", which contracts::ErrorCode lacks");
        CHECK(defined.count(code) == 1);
    }
}
