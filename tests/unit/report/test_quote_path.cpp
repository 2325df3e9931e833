#include <catch2/catch.hpp>

#include "report/quote_path.hpp"
#include "support/git_fixture.hpp"

using qa::report::printable;
using qa::report::quote_path;

TEST_CASE("quote_path leaves plain names alone and quotes the rest as git does",
          "[report][quote]") {
    CHECK(quote_path("src/app.py") == "src/app.py");
    CHECK(quote_path("dir with space/a.py") == "dir with space/a.py");
    CHECK(quote_path("a\tb") == "\"a\\tb\"");
    CHECK(quote_path("q\"uote") == "\"q\\\"uote\"");
    CHECK(quote_path("back\\slash") == "\"back\\\\slash\"");
    CHECK(quote_path("x\033]0;t\007y") == "\"x\\033]0;t\\ay\"");
    CHECK(quote_path("\xC3\xA9.py") == "\"\\303\\251.py\"");
    CHECK(quote_path("del\x7f") == "\"del\\177\"");
}

TEST_CASE("quote_path agrees with git's own core.quotePath output", "[report][quote]") {
    qa::test::GitSandbox sb;
    const auto repo = sb.init("repo");
    const std::vector<std::string> names = {"plain.txt",       "sp ace.txt",     "tab\there.txt",
                                            "esc\033[2Kx.txt", "\xC3\xBCml.txt", "q\"x.txt",
                                            "bell\007.txt"};
    for (const auto& name : names) {
        sb.add_file(repo, name, "x\n");
    }
    const std::string listed = sb.git_ok(repo, "ls-files");
    for (const auto& name : names) {
        INFO(name);
        CHECK(listed.find(quote_path(name) + "\n") != std::string::npos);
    }
}

TEST_CASE("printable escapes control bytes and keeps UTF-8", "[report][quote]") {
    CHECK(printable("caf\xC3\xA9 ok") == "caf\xC3\xA9 ok");
    CHECK(printable("a\033[31mb") == "a\\033[31mb");
    CHECK(printable("line\nnext") == "line\\012next");
}
