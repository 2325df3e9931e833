// The phase lens's pure parts: reading file locations from tools' output, and its options.
#include <catch2/catch.hpp>

#include <set>

#include "json/parse.hpp"
#include "lenses/output_locations.hpp"
#include "lenses/phase_options.hpp"

using qa::lenses::output_locations;

namespace {

const std::set<std::string> kTree = {"calc.py",     "test_calc.py", "src/lib.rs",
                                     "sum.test.js", "src/app.cpp",  "pkg/x.go"};

std::vector<std::pair<std::string, std::int64_t>> located(const std::string& output,
                                                          std::size_t limit = 20) {
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const auto& l : output_locations(
             output, "/repo/.worktrees/qa-skill/k/3",
             [](const std::string& p) { return kTree.count(p) > 0; }, limit)) {
        out.emplace_back(l.file, l.line);
    }
    return out;
}

using Found = std::vector<std::pair<std::string, std::int64_t>>;

}  // namespace

TEST_CASE("output locations: the files of the tree a tool's output names, with their line",
          "[lenses][phase]") {
    // Python's traceback through the standard library: only the project's file counts.
    CHECK(located("Traceback (most recent call last):\n"
                  "  File \"/repo/.worktrees/qa-skill/k/3/test_calc.py\", line 8, in test_add\n"
                  "  File \"/usr/lib/python3.11/unittest/case.py\", line 873, in assertEqual\n") ==
          Found{{"test_calc.py", 8}});
    // gcc / rustc / eslint style, relative or inside the checkout; the first mention wins.
    CHECK(located("src/app.cpp:12:5: error: expected ';'\nsrc/app.cpp:40:1: note: x\n") ==
          Found{{"src/app.cpp", 12}});
    CHECK(located("error[E0308]: mismatched types\n  --> src/lib.rs:5:9\n") ==
          Found{{"src/lib.rs", 5}});
    CHECK(
        located("    at TestContext.<anonymous> (/repo/.worktrees/qa-skill/k/3/sum.test.js:7:10)\n"
                "    at node:internal/test_runner/test.js:1:1\n") == Found{{"sum.test.js", 7}});
    // Formatters that list files: a bare path is line 1.
    CHECK(located("Checking formatting...\n[warn] sum.test.js\n[warn] Code style issues\n") ==
          Found{{"sum.test.js", 1}});
    CHECK(located("pkg/x.go\n") == Found{{"pkg/x.go", 1}});
    // Not in the tree, outside it, or leaving it: nothing.
    CHECK(located("other.py:3: E1\n/etc/passwd:1\n../calc.py:2\nversion 1.2.3\n").empty());
    CHECK(located("calc.py:1\ntest_calc.py:2\nsrc/lib.rs:3\n", 2).size() == 2);
}

TEST_CASE("phase options: seed 004's field names, checked types, no shell", "[lenses][phase]") {
    const auto parse = [](const std::string& json) {
        return qa::lenses::parse_phase_options(qa::json::parse(json));
    };
    const auto o =
        parse(R"({"language":"python","test_command":"python3 -m unittest -v","max_retries":1,)"
              R"("skip_build":true})");
    CHECK(o.language == std::optional<std::string>("python"));
    CHECK(o.testCommand == std::optional<std::string>("python3 -m unittest -v"));
    CHECK(o.maxRetries == 1);
    CHECK(o.skipBuild);
    CHECK_FALSE(o.skipTests);
    CHECK(parse("{}").maxRetries == 3);
    for (const char* bad :
         {R"({"test_command":"make test && rm -rf /"})", R"({"language":"cobol"})",
          R"({"max_retries":-1})", R"({"skip_tests":"yes"})", R"({"testcommand":"x"})"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse(bad), qa::lenses::PhaseOptionsError);
    }
    try {
        parse(R"({"lint_command":"ruff check . | tee x"})");
    } catch (const qa::lenses::PhaseOptionsError& e) {
        CHECK(std::string(e.what()).rfind("lenses.phase.options.lint_command: ", 0) == 0);
    }
}
