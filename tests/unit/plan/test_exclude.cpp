#include <catch2/catch.hpp>

#include "plan/exclude.hpp"

using qa::plan::ExcludeFilter;

namespace {

bool ex(std::vector<std::string> patterns, const std::string& path) {
    return ExcludeFilter(patterns).excluded(path);
}

}  // namespace

TEST_CASE("exclude patterns follow gitignore rules", "[plan][exclude]") {
    CHECK(ex({"vendor/**"}, "vendor/lib/a.js"));
    CHECK_FALSE(ex({"vendor/**"}, "src/vendor/a.js"));  // a '/' inside anchors it
    CHECK(ex({"vendor"}, "src/vendor/a.js"));           // a bare name: any depth, and below
    CHECK(ex({"vendor/"}, "vendor/a.js"));
    CHECK_FALSE(ex({"vendor/"}, "vendor"));  // a file named vendor is not a directory
    CHECK(ex({"**/*.min.js"}, "web/app.min.js"));
    CHECK(ex({"*.min.js"}, "web/deep/app.min.js"));
    CHECK_FALSE(ex({"*.min.js"}, "web/app.js"));
    CHECK(ex({"/build"}, "build/out.o"));
    CHECK_FALSE(ex({"/build"}, "src/build/out.o"));
    CHECK(ex({"tests/fixtures/**"}, "tests/fixtures/rules/a.txt"));
    CHECK(ex({"docs/**", "!docs/keep.md"}, "docs/a.md"));
    CHECK_FALSE(ex({"docs/**", "!docs/keep.md"}, "docs/keep.md"));
    CHECK_FALSE(ex({}, "a.py"));
    CHECK(ex({"dir with space/**"}, "dir with space/x.py"));
}
