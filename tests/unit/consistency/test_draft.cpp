// Drafting from an in-memory tree: the conventions the files hold become rules with their
// evidence, weak evidence makes none, and the draft is a function of the tree alone.
#include <catch2/catch.hpp>

#include <algorithm>

#include "consistency/draft.hpp"
#include "rubric/document.hpp"

using namespace qa::consistency;

namespace {

TreeFile file(const std::string& path, const std::string& language, const std::string& text,
              qa::plan::FileKind kind = qa::plan::FileKind::source) {
    return TreeFile{path, language, kind, std::string(40, '0'), text};
}

Tree cpp_tree() {
    Tree t;
    t.revision = std::string(40, 'c');
    const char* dirs[] = {"config", "git", "plan"};
    for (const std::string d : dirs) {
        for (int i = 0; i < 4; ++i) {
            const std::string name = d + "_part" + std::to_string(i);
            t.files.push_back(file("src/" + d + "/" + name + ".cpp", "cpp",
                                   "#include \"" + d + "/" + name + ".hpp\"\n\nnamespace qa::" + d +
                                       " {\n\nint parse_value(int x) {\n    return x;\n}\n\n}  "
                                       "// namespace qa::" +
                                       d + "\n"));
            t.files.push_back(file("src/" + d + "/" + name + ".hpp", "cpp",
                                   "#pragma once\n\nnamespace qa::" + d +
                                       " {\nstruct ValueType {\n    int x;\n};\n}\n"));
            t.files.push_back(file("tests/unit/" + d + "/test_" + name + ".cpp", "cpp",
                                   "#include \"" + d + "/" + name + ".hpp\"\n",
                                   qa::plan::FileKind::test));
        }
    }
    std::sort(t.files.begin(), t.files.end(),
              [](const TreeFile& a, const TreeFile& b) { return a.path < b.path; });
    return t;
}

const qa::rubric::Rule* find(const qa::rubric::Rubric& r, const std::string& id) {
    for (const auto& rule : r.rules) {
        if (rule.ruleId == id) {
            return &rule;
        }
    }
    return nullptr;
}

}  // namespace

TEST_CASE("a draft finds file naming, namespaces per folder and tests mirroring src/",
          "[consistency]") {
    const auto r = build_draft(cpp_tree(), 1, "prompt\n", nullptr);
    const auto* names = find(r, "consistency-file-names-src");
    REQUIRE(names != nullptr);
    CHECK(names->evidence.text == "24 of 24 files under src/ use snake_case names");
    CHECK(names->blocking);
    const auto* ns = find(r, "consistency-namespace-src");
    REQUIRE(ns != nullptr);
    CHECK(ns->check->prefix == "qa");
    CHECK(ns->evidence.follows == 24);
    const auto* mirror = find(r, "consistency-test-mirror");
    REQUIRE(mirror != nullptr);
    CHECK(mirror->check->scope == "tests/unit/");
    CHECK(mirror->check->sourceRoot == "src/");
    CHECK(mirror->evidence.text ==
          "12 of 12 test files in folders of tests/unit/ sit in a folder that src/ has");
    const auto* guard = find(r, "consistency-header-guard");
    REQUIRE(guard != nullptr);
    CHECK(guard->evidence.follows == 12);
    const auto* types = find(r, "consistency-names-c-cpp-type");
    REQUIRE(types != nullptr);
    CHECK(types->summary == "c/cpp type names are PascalCase");
    CHECK(std::is_sorted(r.rules.begin(), r.rules.end(),
                         [](const auto& a, const auto& b) { return a.ruleId < b.ruleId; }));
    CHECK(r.promptTemplateHash.size() == 64);
}

TEST_CASE("a draft is a function of the tree: same tree, same bytes", "[consistency]") {
    const auto a = qa::rubric::render(build_draft(cpp_tree(), 2, "p\n", nullptr));
    const auto b = qa::rubric::render(build_draft(cpp_tree(), 2, "p\n", nullptr));
    CHECK(a == b);
}

TEST_CASE("weak or mixed evidence drafts no rule", "[consistency]") {
    Tree t;
    t.revision = std::string(40, 'd');
    // Half snake_case, half camelCase: no naming convention to enforce.
    for (int i = 0; i < 6; ++i) {
        t.files.push_back(file("lib/snake_name" + std::to_string(i) + ".py", "python",
                               "def load_it():\n    return 1\n"));
        t.files.push_back(file("lib/camelName" + std::to_string(i) + ".py", "python",
                               "def loadIt():\n    return 1\n"));
    }
    std::sort(t.files.begin(), t.files.end(),
              [](const TreeFile& a, const TreeFile& b) { return a.path < b.path; });
    const auto r = build_draft(t, 1, "p\n", nullptr);
    CHECK(find(r, "consistency-file-names-lib") == nullptr);
    CHECK(find(r, "consistency-names-python-function") == nullptr);
    CHECK(find(r, "consistency-indent-python") != nullptr);  // all of them indent with spaces
}

TEST_CASE("exemplars follow the documented rule and never hold a credential", "[consistency]") {
    Tree t = cpp_tree();
    std::string body;
    for (int i = 0; i < 30; ++i) {
        body += "int value_" + std::to_string(i) + " = " + std::to_string(i) + ";\n";
    }
    t.files.push_back(file("src/plan/long_one.cpp", "cpp", body));
    t.files.push_back(file("src/plan/with_key.cpp", "cpp", body + "// key\n"));
    std::sort(t.files.begin(), t.files.end(),
              [](const TreeFile& a, const TreeFile& b) { return a.path < b.path; });
    const auto r = build_draft(
        t, 1, "p\n", [](const TreeFile& f) { return f.text.find("key") != std::string::npos; });
    REQUIRE(r.exemplars.size() == 1);  // the short files are under 10 lines
    CHECK(r.exemplars[0].path == "src/plan/long_one.cpp");
    CHECK(r.exemplarRule.find("credential") != std::string::npos);
}
