#include <catch2/catch.hpp>

#include "util/glob.hpp"

using qa::util::glob_match;

TEST_CASE("globs match like .gitignore patterns", "[util]") {
    CHECK(glob_match("*.py", "a/b/c.py"));
    CHECK(glob_match("*.py", "c.py"));
    CHECK_FALSE(glob_match("*.py", "c.pyc"));
    CHECK(glob_match("src/**", "src/a/b.c"));
    CHECK(glob_match("src/**/*.c", "src/b.c"));
    CHECK(glob_match("src/**/*.c", "src/x/y/b.c"));
    CHECK_FALSE(glob_match("src/**/*.c", "lib/b.c"));
    CHECK(glob_match("**/test/**", "a/test/b.py"));
    CHECK(glob_match("**/test/**", "test/b.py"));
    CHECK_FALSE(glob_match("src/*.c", "src/x/b.c"));
    CHECK(glob_match("src/ui/*", "src/ui/view.ts"));
    CHECK(glob_match("file?.txt", "file1.txt"));
    CHECK(glob_match("[abc].txt", "b.txt"));
    CHECK_FALSE(glob_match("[!abc].txt", "b.txt"));
    CHECK(glob_match("[a-c]x", "dir/bx"));
    CHECK(glob_match("/top/*.md", "top/a.md"));
    CHECK(glob_match("my dir/**", "my dir/ünï code.py"));
}

TEST_CASE("pathological globs finish quickly", "[util]") {
    const std::string path(2000, 'a');
    CHECK_FALSE(glob_match("*a*a*a*a*a*a*a*a*a*a*a*a*b", path));
    CHECK(glob_match("**/**/**/**/**/x", "a/b/c/d/e/f/g/h/x"));
}
