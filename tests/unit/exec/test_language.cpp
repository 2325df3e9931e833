// Language detection, command splitting and the test runners' own summaries (seed 004).
#include <catch2/catch.hpp>

#include "exec/language.hpp"
#include "exec/test_summary.hpp"
#include "support/git_fixture.hpp"

using qa::exec::Language;

TEST_CASE("a *_command is split into argv without a shell", "[exec][language]") {
    using V = std::vector<std::string>;
    CHECK(qa::exec::split_command("pytest -v") == V{"pytest", "-v"});
    CHECK(qa::exec::split_command("  black  . --check ") == V{"black", ".", "--check"});
    CHECK(qa::exec::split_command(R"x(python3 -c "print('a b')")x") ==
          V{"python3", "-c", "print('a b')"});
    CHECK(qa::exec::split_command(R"x(echo 'x;y' a\ b)x") == V{"echo", "x;y", "a b"});
    for (const char* bad : {"npm test && rm -rf /", "a | b", "a; b", "a > f", "echo $(id)",
                            "echo `id`", "'open", ""}) {
        INFO(bad);
        CHECK_THROWS_AS(qa::exec::split_command(bad), std::invalid_argument);
    }
}

TEST_CASE("the language comes from the project's files, in a fixed precedence",
          "[exec][language]") {
    qa::test::TempDir dir;
    CHECK_FALSE(qa::exec::detect_language(dir.path()));
    qa::test::write_file(dir.path() / "CMakeLists.txt", "");
    CHECK(qa::exec::detect_language(dir.path()) == Language::cmake);
    qa::test::write_file(dir.path() / "Cargo.toml", "");
    CHECK(qa::exec::detect_language(dir.path()) == Language::rust);
    qa::test::write_file(dir.path() / "go.mod", "");
    CHECK(qa::exec::detect_language(dir.path()) == Language::go);
    qa::test::write_file(dir.path() / "setup.py", "");
    CHECK(qa::exec::detect_language(dir.path()) == Language::python);
    qa::test::write_file(dir.path() / "package.json", "{}");
    CHECK(qa::exec::detect_language(dir.path()) == Language::javascript);
    qa::test::write_file(dir.path() / "tsconfig.json", "{}");
    CHECK(qa::exec::detect_language(dir.path()) == Language::typescript);
    CHECK(qa::exec::parse_language("golang") == Language::go);
    CHECK(qa::exec::parse_language("rs") == Language::rust);
    CHECK_FALSE(qa::exec::parse_language("cobol"));
}

TEST_CASE("default commands run in check mode and never fetch", "[exec][language]") {
    qa::test::TempDir dir;
    const std::vector<std::string> changed = {"src/a.cpp", "README.md", "b.hpp"};
    const auto js = qa::exec::language_defaults(Language::javascript, dir.path(), changed);
    CHECK(js.formatter.commands.front() ==
          std::vector<std::string>{"npx", "--no-install", "prettier", "--check", "."});
    const auto rs = qa::exec::language_defaults(Language::rust, dir.path(), changed);
    CHECK(rs.formatter.commands.front() == std::vector<std::string>{"cargo", "fmt", "--check"});
    const auto go = qa::exec::language_defaults(Language::go, dir.path(), changed);
    CHECK(go.formatter.outputIsFailure);
    const auto rb = qa::exec::language_defaults(Language::ruby, dir.path(), changed);
    CHECK(rb.build.commands.empty());
    const auto cm = qa::exec::language_defaults(Language::cmake, dir.path(), changed);
    CHECK(cm.formatter.commands.front() ==
          std::vector<std::string>{"clang-format", "--dry-run", "--Werror", "src/a.cpp", "b.hpp"});
    CHECK(cm.linter.commands.empty());
    CHECK(cm.tests.commands.back().front() == "ctest");
}

TEST_CASE("failing_count is read from each runner's own summary", "[exec][language]") {
    using qa::exec::failing_test_count;
    CHECK(failing_test_count("Ran 3 tests in 0.001s\n\nFAILED (failures=1, errors=2)\n") == 3);
    CHECK(failing_test_count("Ran 3 tests in 0.001s\n\nOK\n") == 0);
    CHECK(failing_test_count("===== 2 failed, 5 passed, 1 error in 0.31s =====\n") == 3);
    CHECK(failing_test_count("============ 5 passed in 0.12s ============\n") == 0);
    // pytest -q: the counts without the rule of '='.
    CHECK(failing_test_count(".F.                                    [100%]\nFAILED t.py::test_b - "
                             "assert 1 == 2\n1 failed, 2 passed in 0.05s\n") == 1);
    CHECK(failing_test_count("...\n3 passed, 1 warning in 0.02s\n") == 0);
    CHECK(failing_test_count("1 failed, 1 error in 0.31s (0:00:00)\n") == 2);
    CHECK(failing_test_count("1..3\n# tests 3\n# pass 1\n# fail 2\n# cancelled 0\n") == 2);
    CHECK(failing_test_count("ℹ tests 3\nℹ pass 3\nℹ fail 0\n") == 0);
    CHECK(failing_test_count("--- FAIL: TestA (0.00s)\n--- FAIL: TestB (0.00s)\nFAIL\n") == 2);
    CHECK(failing_test_count("ok  \texample.com/m\t0.002s\n") == 0);
    CHECK(failing_test_count("test result: FAILED. 1 passed; 1 failed; 0 ignored;\n"
                             "test result: ok. 0 passed; 0 failed; 0 ignored;\n") == 1);
    CHECK(failing_test_count("50% tests passed, 1 tests failed out of 2\n") == 1);
    CHECK(failing_test_count("100% tests passed, 0 tests failed out of 2\n") == 0);
    CHECK(failing_test_count("Tests:       2 failed, 7 passed, 9 total\n") == 2);
    CHECK(failing_test_count("      Tests  1 failed | 4 passed (5)\n") == 1);
    CHECK_FALSE(failing_test_count("Segmentation fault\n"));
}
