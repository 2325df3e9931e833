#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/hygiene.hpp"

using namespace qa::rules;

namespace {

std::vector<std::string> ids_lines(const std::vector<HygieneFinding>& found) {
    std::vector<std::string> out;
    out.reserve(found.size());
    for (const auto& f : found) {
        out.push_back(std::string(f.rule->id) + "@" + std::to_string(f.line) + ":" +
                      std::to_string(f.column));
    }
    return out;
}

}  // namespace

TEST_CASE("hygiene rules have ids, severities and fixes", "[rules]") {
    REQUIRE(hygiene_rules().size() == 6);
    for (const auto& rule : hygiene_rules()) {
        CHECK_FALSE(rule.id.empty());
        CHECK_FALSE(rule.description.empty());
        CHECK_FALSE(rule.fix.empty());
    }
}

TEST_CASE("hygiene checks find whitespace, indentation and line-ending problems", "[rules]") {
    const std::string content = "int a; \nint b;\n \tint c;\n\t  int d;\r\nlast";
    HygieneInput in{"src/a.c", content, content.size(), {}, 1024};
    using V = std::vector<std::string>;
    CHECK(ids_lines(check_hygiene(in)) == V{"trailing-whitespace@1:7", "mixed-indentation@3:1",
                                            "crlf-in-lf-file@4:10", "missing-final-newline@5:0"});

    // Only the lines asked for (the added ones) are reported.
    const std::vector<std::uint32_t> added = {2, 3};
    in.lines = added;
    CHECK(ids_lines(check_hygiene(in)) == V{"mixed-indentation@3:1"});

    // A consistent CRLF file is fine; a file ending in '\n' is fine.
    const std::string crlf = "a\r\nb\r\n";
    CHECK(check_hygiene(HygieneInput{"w.txt", crlf, crlf.size(), {}, 1024}).empty());
    // Tab then spaces (alignment) is not mixed indentation.
    const std::string aligned = "\t  x\n";
    CHECK(check_hygiene(HygieneInput{"a.c", aligned, aligned.size(), {}, 1024}).empty());
}

TEST_CASE("hygiene checks flag oversize files and build output", "[rules]") {
    using V = std::vector<std::string>;
    CHECK(ids_lines(oversize_file(HygieneInput{"big.bin", "", 5000, {}, 4096})) ==
          V{"oversize-file@0:0"});
    CHECK(oversize_file(HygieneInput{"big.bin", "", 4096, {}, 4096}).empty());
    for (const char* path :
         {"dist/app.js", "build/x.o", "node_modules/a/index.js", "web/node_modules/b.js",
          "pkg/__pycache__/m.cpython-311.pyc", "lib/a.o", "Main.class", "target/release/app"}) {
        INFO(path);
        CHECK(ids_lines(build_output(HygieneInput{path, "", 0, {}, 1})) == V{"build-output@0:0"});
    }
    for (const char* path : {"src/build.cpp", "docs/distribution.md", "src/target.h"}) {
        INFO(path);
        CHECK(build_output(HygieneInput{path, "", 0, {}, 1}).empty());
    }
}
