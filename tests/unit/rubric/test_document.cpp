// The rubric file: rendered deterministically, read back equal, and any edit to a frozen file
// (content or bytes) refused naming the file, while a reviewer may edit a draft before approval.
#include <catch2/catch.hpp>

#include "rubric/check_eval.hpp"
#include "rubric/document.hpp"
#include "util/sha256.hpp"

using namespace qa::rubric;

namespace {

Rubric sample(Status status = Status::frozen) {
    Rubric r;
    r.status = status;
    r.rubricVersion = 3;
    r.revision = std::string(40, 'a');
    r.filesExamined = 12;
    Rule rule;
    rule.ruleId = "consistency-file-names-src";
    rule.summary = "File and folder names under src/ are snake_case";
    Check c;
    c.kind = CheckKind::path_case;
    c.scope = "src/";
    c.pattern = "^[a-z0-9_]+$";
    rule.check = c;
    rule.evidence =
        Evidence{37, 40, "37 of 40 files under src/ use snake_case names", {"src/A.cpp"}};
    rule.severity = qa::contracts::Severity::medium;
    rule.blocking = true;
    r.rules.push_back(rule);
    Rule guidance;
    guidance.ruleId = "consistency-errors-cpp";
    guidance.summary = "How cpp code reports errors";
    guidance.guidance = "Throw util::Error.";
    guidance.evidence = Evidence{5, 5, "5 throw statements", {}};
    r.rules.push_back(guidance);
    r.exemplarRule = "the documented rule";
    r.exemplars.push_back(Exemplar{"src/a.cpp", std::string(40, 'b'), "cpp", "why", "int x;\n"});
    r.promptTemplate = "You are a reviewer.\n";
    r.promptTemplateHash = qa::util::sha256_hex(r.promptTemplate);
    return r;
}

}  // namespace

TEST_CASE("a rubric renders to the same bytes and reads back equal", "[rubric]") {
    const Rubric r = sample();
    const std::string text = render(r);
    CHECK(text == render(sample()));
    CHECK(text.back() == '\n');
    CHECK(text.find("\n  \"rules\": [\n") != std::string::npos);  // one member per line
    const Rubric back = parse(text, "v3.json", Integrity::verify);
    CHECK(back == r);
    CHECK(rubric_hash(back) == rubric_hash(r));
    // Freezing changes the status, and so the hash: a draft is never mistaken for its freeze.
    CHECK(rubric_hash(sample(Status::draft)) != rubric_hash(r));
}

TEST_CASE("an edited frozen rubric is refused, naming the file", "[rubric]") {
    const std::string text = render(sample());
    SECTION("content") {
        std::string edited = text;
        edited.replace(edited.find("\"medium\""), 8, "\"low\"   ");
        edited.replace(edited.find("\"low\"   "), 8, "\"low\"");
        CHECK_THROWS_WITH(parse(edited, ".qa-skill-rubric/v3.json", Integrity::verify),
                          Catch::Contains(".qa-skill-rubric/v3.json") &&
                              Catch::Contains("no longer matches its rubricHash"));
        // A draft may be edited before it is approved: read again, not verified.
        const Rubric draft = parse(edited, "v3.draft.json", Integrity::reread);
        CHECK(draft.rules[0].severity == qa::contracts::Severity::low);
    }
    SECTION("bytes only") {
        CHECK_THROWS_WITH(parse(text + " ", "v3.json", Integrity::verify),
                          Catch::Contains("bytes differ"));
    }
    SECTION("prompt template and its hash") {
        Rubric r = sample();
        r.promptTemplate = "Something else.\n";  // hash left as it was
        CHECK_THROWS_WITH(parse(render(r), "v3.json", Integrity::verify),
                          Catch::Contains("promptTemplateHash"));
    }
}

TEST_CASE("a rubric that is not one is refused with the file and the place", "[rubric]") {
    CHECK_THROWS_WITH(parse("{", "x.json", Integrity::verify), Catch::Contains("x.json: not JSON"));
    CHECK_THROWS_WITH(
        parse("{\"schemaVersion\": \"consistency-rubric.v1\"}", "x.json", Integrity::verify),
        Catch::Contains("x.json"));
    Rubric r = sample();
    r.rules[0].check->pattern = "(unclosed";
    CHECK_THROWS_WITH(parse(render(r), "x.json", Integrity::reread),
                      Catch::Contains("invalid pattern"));
}

TEST_CASE("checks judge lines, paths and content as the evidence counted them", "[rubric]") {
    Check names;
    names.kind = CheckKind::path_case;
    names.scope = "src/";
    names.pattern = "^[a-z0-9_]+$";
    const CheckEval by_name(names);
    CHECK(by_name.applies({"src/a/b.cpp", "cpp", false}));
    CHECK_FALSE(by_name.applies({"lib/b.cpp", "cpp", false}));
    CHECK_FALSE(by_name.path_problem({"src/good_dir/good_name.test.cpp", "cpp", false}));
    CHECK(by_name.path_problem({"src/BadDir/good.cpp", "cpp", false}));

    Check decl;
    decl.kind = CheckKind::declaration_case;
    decl.declaration = R"(^\s*def\s+(\w+))";
    decl.pattern = "^_*[a-z0-9]+(?:_[a-z0-9]+)*_*$";
    const CheckEval by_decl(decl);
    CHECK_FALSE(by_decl.line_problem("def load_user(x):"));
    CHECK_FALSE(by_decl.line_problem("    def __init__(self):"));
    CHECK(by_decl.line_problem("def loadUser(x):"));
    CHECK_FALSE(by_decl.line_problem("x = loadUser(1)"));  // not a declaration

    Check ns;
    ns.kind = CheckKind::namespace_folder;
    ns.scope = "src/";
    ns.prefix = "qa";
    const CheckEval by_ns(ns);
    CHECK_FALSE(by_ns.content_problem({"src/lenses/model/x.cpp", "cpp", false},
                                      "#include <a>\nnamespace qa::lenses::model {\n"));
    const auto wrong = by_ns.content_problem({"src/git/x.cpp", "cpp", false},
                                             "// x\n\nnamespace qa::plan {\nnamespace {\n");
    REQUIRE(wrong);
    CHECK(wrong->line == 3);

    Check mirror;
    mirror.kind = CheckKind::test_mirror;
    mirror.scope = "tests/unit/";
    mirror.sourceRoot = "src/";
    mirror.folders = {"config", "git"};
    const CheckEval by_mirror(mirror);
    CHECK_FALSE(by_mirror.path_problem({"tests/unit/git/test_x.cpp", "cpp", true}));
    CHECK(by_mirror.path_problem({"tests/unit/gti/test_x.cpp", "cpp", true}));
    CHECK_FALSE(by_mirror.path_problem({"tests/unit/new/test_x.cpp", "cpp", true}, {"new"}));

    Check length;
    length.kind = CheckKind::max_line_length;
    length.limit = 5;
    const CheckEval by_length(length);
    CHECK_FALSE(by_length.line_problem("héllo"));  // five code points, six bytes
    CHECK(by_length.line_problem("hello!"));
}
