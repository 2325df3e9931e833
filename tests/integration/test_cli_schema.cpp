// `qa-skill schema validate` as a process: every draft-7 suite case through the real binary,
// plus batching and the exit-2 paths (non-JSON document, missing file, unknown schema).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/draft7_skips.hpp"
#include "support/git_fixture.hpp"
#include "util/process.hpp"

namespace {

namespace fs = std::filesystem;

void write_text(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

/// Runs `qa-skill schema validate` in `cwd` with the suite's remotes mapped.
qa::util::ProcessResult validate(const fs::path& cwd, const std::vector<std::string>& files) {
    qa::util::ProcessSpec spec;
    spec.argv = {QA_SKILL_BIN, "schema", "validate", "--map-url",
                 "http://localhost:1234/=" +
                     (qa::test::draft7_suite_root(QA_SOURCE_DIR) / "remotes").string()};
    spec.argv.insert(spec.argv.end(), files.begin(), files.end());
    spec.cwd = cwd;
    spec.timeout = std::chrono::seconds(30);
    return qa::util::run_process(spec);
}

/// Every suite case outside the skip list, required and optional (formats excepted).
std::vector<qa::test::Draft7Case> suite_cases(int& skipped) {
    const fs::path root = qa::test::draft7_suite_root(QA_SOURCE_DIR) / "tests" / "draft7";
    std::vector<qa::test::Draft7Case> out;
    for (const fs::path& dir : {root, root / "optional"}) {
        for (const auto& file : qa::test::draft7_files(root, dir)) {
            std::string error;
            for (auto& c : qa::test::load_draft7_file(root / file, file, error)) {
                if (qa::test::find_draft7_skip(c.file, c.group, c.test) != nullptr) {
                    ++skipped;
                } else {
                    out.push_back(std::move(c));
                }
            }
            if (!error.empty()) {
                REQUIRE(qa::test::find_draft7_skip(file, "*", "*") != nullptr);
                ++skipped;
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("schema validate: many documents of one schema in one run", "[cli][schema][suite]") {
    // Every case outside the skip list through the binary, one process per schema: the
    // per-document verdicts come from the output lines, the exit code sums them up.
    int skipped = 0;
    const auto cases = suite_cases(skipped);
    REQUIRE(cases.size() > 900);
    std::map<std::pair<std::string, std::string>, std::vector<const qa::test::Draft7Case*>> groups;
    for (const auto& c : cases) {
        groups[{c.file, c.group}].push_back(&c);
    }
    qa::test::TempDir tmp("qa-skill-schema-batch");
    for (const auto& [key, members] : groups) {
        write_text(tmp.path() / "schema.json", members.front()->schema);
        std::vector<std::string> files{"schema.json"};
        bool all_valid = true;
        for (std::size_t i = 0; i < members.size(); ++i) {
            files.push_back("d" + std::to_string(i) + ".json");
            write_text(tmp.path() / files.back(), members[i]->data);
            all_valid = all_valid && members[i]->valid;
        }
        const auto result = validate(tmp.path(), files);
        INFO(key.first << " | " << key.second << "\n" << result.stdout_data << result.stderr_data);
        CHECK(result.exit_code == (all_valid ? 0 : 1));
        std::map<std::string, bool> valid_lines;
        std::map<std::string, bool> error_lines;
        std::istringstream lines(result.stdout_data);
        for (std::string line; std::getline(lines, line);) {
            const auto colon = line.find(": ");
            REQUIRE(colon != std::string::npos);
            const std::string doc = line.substr(0, colon);
            (line.substr(colon + 2) == "valid" ? valid_lines : error_lines)[doc] = true;
        }
        for (std::size_t i = 0; i < members.size(); ++i) {
            const std::string doc = files[i + 1];
            INFO(members[i]->test);
            CHECK(valid_lines.count(doc) == (members[i]->valid ? 1u : 0u));
            CHECK(error_lines.count(doc) == (members[i]->valid ? 0u : 1u));
        }
    }
}

TEST_CASE("schema validate: unreadable or non-JSON input exits 2 naming the file",
          "[cli][schema]") {
    qa::test::TempDir tmp("qa-skill-schema-errors");
    write_text(tmp.path() / "schema.json", R"({"type": "object"})");
    write_text(tmp.path() / "good.json", R"({"a": 1})");
    write_text(tmp.path() / "bad.json", R"({"a": )");
    write_text(tmp.path() / "not-a-schema.json", "[1, 2");

    SECTION("a non-JSON document") {
        const auto r = validate(tmp.path(), {"schema.json", "good.json", "bad.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stdout_data.find("good.json: valid") != std::string::npos);
        CHECK(r.stderr_data.find("bad.json") != std::string::npos);
        CHECK(r.stderr_data.find("not valid JSON") != std::string::npos);
    }
    SECTION("a missing document") {
        const auto r = validate(tmp.path(), {"schema.json", "missing.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("missing.json") != std::string::npos);
    }
    SECTION("a non-JSON schema") {
        const auto r = validate(tmp.path(), {"not-a-schema.json", "good.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("not-a-schema.json") != std::string::npos);
    }
    SECTION("a missing schema file") {
        const auto r = validate(tmp.path(), {"nowhere/schema.json", "good.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("nowhere/schema.json") != std::string::npos);
    }
    SECTION("an unknown embedded schema id") {
        const auto r = validate(tmp.path(), {"no-such-schema.v1", "good.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("no-such-schema.v1") != std::string::npos);
    }
}

TEST_CASE("schema validate: error lines carry a JSON pointer", "[cli][schema]") {
    qa::test::TempDir tmp("qa-skill-schema-pointer");
    write_text(tmp.path() / "schema.json",
               R"({"type": "object", "properties": {"usage": {"type": "integer"},
                   "a/b~c": {"type": "string"}}})");
    write_text(tmp.path() / "doc.json", R"({"usage": "many", "a/b~c": 1})");
    write_text(tmp.path() / "root.json", R"([])");
    const auto r = validate(tmp.path(), {"schema.json", "doc.json", "root.json"});
    CHECK(r.exit_code == 1);
    CHECK(r.stdout_data.find("doc.json: /usage: ") != std::string::npos);
    CHECK(r.stdout_data.find("doc.json: /a~1b~0c: ") != std::string::npos);
    CHECK(r.stdout_data.find("root.json: (root): ") != std::string::npos);
}

TEST_CASE("schema list prints the embedded schema ids", "[cli][schema]") {
    qa::util::ProcessSpec spec;
    spec.argv = {QA_SKILL_BIN, "schema", "list"};
    const auto r = qa::util::run_process(spec);
    CHECK(r.exit_code == 0);
    CHECK(r.stdout_data.find("lens-registry.v1\n") != std::string::npos);
}

TEST_CASE("schema validate: schemas that crashed or hung valijson end with a message",
          "[cli][schema]") {
    // Each of these ended with SIGSEGV (exit 139) or ran for minutes before the $ref cycle
    // check and the RE2 `pattern`.
    qa::test::TempDir tmp("qa-skill-schema-hard");
    write_text(tmp.path() / "self.json", R"({"$ref": "#"})");
    write_text(
        tmp.path() / "pair.json",
        R"({"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"allOf": [{"$ref": "#/definitions/a"}]}},
                   "$ref": "#/definitions/a"})");
    write_text(tmp.path() / "alternation.json", R"({"type": "string", "pattern": "^(a|b)*$"})");
    write_text(tmp.path() / "nested.json", R"({"type": "string", "pattern": "^(a+)+$"})");
    write_text(tmp.path() / "backref.json", R"({"type": "string", "pattern": "^(a)\\1$"})");
    write_text(tmp.path() / "empty.json", R"({})");
    std::string long_ab = "\"";
    for (int i = 0; i < 50000; ++i) {
        long_ab += "ab";
    }
    write_text(tmp.path() / "long.json", long_ab + "\"");
    write_text(tmp.path() / "almost.json", "\"" + std::string(5000, 'a') + "!\"");

    SECTION("a schema that refers to itself") {
        const auto r = validate(tmp.path(), {"self.json", "empty.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("self.json") != std::string::npos);
        CHECK(r.stderr_data.find("$ref cycle: # -> #") != std::string::npos);
    }
    SECTION("two definitions that refer to each other, through allOf") {
        const auto r = validate(tmp.path(), {"pair.json", "empty.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("#/definitions/a -> #/definitions/b -> #/definitions/b/allOf/0 -> "
                                 "#/definitions/a") != std::string::npos);
    }
    SECTION("a 100 kB string against a pattern") {
        const auto r = validate(tmp.path(), {"alternation.json", "long.json"});
        CHECK(r.exit_code == 0);
        CHECK(r.stdout_data.find("long.json: valid") != std::string::npos);
    }
    SECTION("a pattern that backtracks exponentially in std::regex") {
        const auto r = validate(tmp.path(), {"nested.json", "almost.json"});
        CHECK(r.exit_code == 1);
        CHECK(r.stdout_data.find("does not match the pattern '^(a+)+$'") != std::string::npos);
    }
    SECTION("a pattern RE2 cannot match in linear time is a schema error") {
        const auto r = validate(tmp.path(), {"backref.json", "empty.json"});
        CHECK(r.exit_code == 2);
        CHECK(r.stderr_data.find("linear time") != std::string::npos);
    }
}
