#include <catch2/catch.hpp>

#include "git/push_refs.hpp"

using qa::git::parse_push_lines;
using qa::git::PushLineError;

namespace {
const std::string kA = "1111111111111111111111111111111111111111";
const std::string kB = "2222222222222222222222222222222222222222";
const std::string kZero = "0000000000000000000000000000000000000000";
}  // namespace

TEST_CASE("pre-push lines are parsed in input order", "[git]") {
    const auto updates = parse_push_lines(
        "refs/heads/main " + kA + " refs/heads/main " + kB + "\n" + "refs/heads/new " + kA +
        " refs/heads/new " + kZero + "\n" + "(delete) " + kZero + " refs/heads/old " + kB + "\n");
    REQUIRE(updates.size() == 3);
    CHECK(updates[0].local_ref == "refs/heads/main");
    CHECK(updates[0].local_sha == kA);
    CHECK(updates[0].remote_ref == "refs/heads/main");
    CHECK(updates[0].remote_sha == kB);
    CHECK(updates[0].line_number == 1);
    CHECK_FALSE(updates[0].is_deletion());
    CHECK_FALSE(updates[0].is_new_ref());
    CHECK(updates[1].is_new_ref());
    CHECK_FALSE(updates[1].is_deletion());
    CHECK(updates[2].is_deletion());
    CHECK_FALSE(updates[2].is_new_ref());
    CHECK(updates[2].local_ref == "(delete)");
    CHECK(updates[2].line_number == 3);
}

TEST_CASE("pre-push input: empty, blank lines, CRLF, no final newline", "[git]") {
    CHECK(parse_push_lines("").empty());
    CHECK(parse_push_lines("\n\n").empty());
    const auto updates = parse_push_lines("\nrefs/heads/a " + kA + " refs/heads/a " + kB +
                                          "\r\n\nrefs/heads/b " + kA + " refs/heads/b " + kB);
    REQUIRE(updates.size() == 2);
    CHECK(updates[0].remote_sha == kB);
    CHECK(updates[0].line_number == 2);
    CHECK(updates[1].local_ref == "refs/heads/b");
    CHECK(updates[1].line_number == 4);
}

TEST_CASE("malformed pre-push lines name their line number", "[git]") {
    const std::string good = "refs/heads/main " + kA + " refs/heads/main " + kB + "\n";
    auto line_of = [](const std::string& input) -> std::size_t {
        try {
            parse_push_lines(input);
        } catch (const PushLineError& e) {
            CHECK(std::string(e.what()).find("line " + std::to_string(e.line_number())) !=
                  std::string::npos);
            return e.line_number();
        }
        return 0;
    };
    CHECK(line_of(good + "refs/heads/x " + kA + " refs/heads/x\n") == 2);         // 3 fields
    CHECK(line_of(good + good + "a b c d e\n") == 3);                             // 5 fields
    CHECK(line_of("refs/heads/x  " + kA + " refs/heads/x " + kB) == 1);           // double space
    CHECK(line_of("refs/heads/x " + kA.substr(1) + " refs/heads/x " + kB) == 1);  // short sha
    CHECK(line_of("refs/heads/x " + kA + " refs/heads/x " + std::string(40, 'G')) == 1);
    CHECK(line_of("refs/heads/x\t" + kA + " refs/heads/x " + kB) == 1);
    // Bad input from git: the library's InputError, which the one main wrapper maps to exit 2.
    CHECK_THROWS_AS(parse_push_lines("garbage"), PushLineError);
    try {
        parse_push_lines("garbage");
        FAIL("no error");
    } catch (const qa::util::Error& e) {
        CHECK(e.exit_class() == qa::util::kExitUsage);
    }
}
