// Artifacts of a real run validate against schemas/v1, both with `qa-skill schema validate` and
// with a third-party validator (python3 jsonschema).
#include <catch2/catch.hpp>

#include <cstdio>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

const fs::path kSchemaDir = fs::path(QA_SOURCE_DIR) / "schemas" / "v1";

/// The schema file of `schema_id`: schemas/v1/<id>.json, else the file whose $id names it.
fs::path schema_file(const std::string& schema_id) {
    fs::path direct = kSchemaDir / (schema_id + ".json");
    if (fs::is_regular_file(direct)) {
        return direct;
    }
    for (const auto& e : fs::directory_iterator(kSchemaDir)) {
        if (qa::test::read_bytes(e.path()).find("\"" + schema_id) != std::string::npos &&
            e.path().filename().string().rfind(schema_id.substr(0, schema_id.find('.')), 0) == 0) {
            return e.path();
        }
    }
    return {};
}

/// Validates documents with python3 jsonschema (Draft 7), resolving $refs between the schema
/// files; prints one line per document and exits 1 when any is invalid.
constexpr const char* kPythonValidator = R"PY(
import json, pathlib, sys
import jsonschema
from jsonschema import Draft7Validator

schema_dir = pathlib.Path(sys.argv[1])
schemas = {}
for p in sorted(schema_dir.glob("*.json")):
    schemas[p.name] = json.loads(p.read_text(encoding="utf-8"))

def make_validator(schema):
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT7
        resources = []
        for name, s in schemas.items():
            r = Resource.from_contents(s, default_specification=DRAFT7)
            resources.append((name, r))
            resources.append(("file:" + str(schema_dir / name), r))
            if isinstance(s, dict) and "$id" in s:
                resources.append((s["$id"], r))
        return Draft7Validator(schema, registry=Registry().with_resources(resources))
    except ImportError:
        store = {}
        for name, s in schemas.items():
            store[name] = s
            if isinstance(s, dict) and "$id" in s:
                store[s["$id"]] = s
        resolver = jsonschema.RefResolver.from_schema(schema, store=store)
        return Draft7Validator(schema, resolver=resolver)

bad = 0
args = sys.argv[2:]
for schema_path, doc_path in zip(args[0::2], args[1::2]):
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    doc = json.loads(pathlib.Path(doc_path).read_text(encoding="utf-8"))
    errors = sorted(make_validator(schema).iter_errors(doc), key=lambda e: list(e.path))
    if errors:
        bad += 1
        for e in errors[:5]:
            print("INVALID %s against %s: %s at %s" % (doc_path, schema_path, e.message,
                                                         "/".join(map(str, e.path))))
    else:
        print("OK %s" % doc_path)
sys.exit(1 if bad else 0)
)PY";

}  // namespace

TEST_CASE("run artifacts validate against schemas/v1 (qa-skill and python jsonschema)",
          "[hooks][schemas]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/ok.py", "def ok():\n    return 1\n");
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());
    sb.add_file(repo, "lib/x.cpp", "int x() { return 1; }\n");
    sb.commit(repo, "content");

    const ProcResult run = sb.qa(repo, "run --all-files");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    const fs::path& dir = dirs.front();

    // (schema id, document) pairs; the arrays are split into one document per element.
    qa::test::TempDir split("qa-skill-split");
    std::vector<std::pair<std::string, fs::path>> docs = {
        {"skill-input.v1", dir / "skill-input.json"},
        {"final-verdict.v1", dir / "final-verdict.json"},
        {"skill-result.v1", dir / "skill-result.json"},
    };
    for (const auto& [array_file, element_schema] :
         {std::pair<std::string, std::string>{"lens-plans.json", "lens-plan.v1"},
          std::pair<std::string, std::string>{"lens-results.json", "lens-result.v1"}}) {
        const fs::path out = split.path() / element_schema;
        fs::create_directories(out);
        const ProcResult py = qa::test::run_sh(
            "python3 -c " +
            shell_quote("import json,sys\n"
                        "a = json.load(open(sys.argv[1], encoding='utf-8'))\n"
                        "assert isinstance(a, list), 'not an array'\n"
                        "for i, x in enumerate(a):\n"
                        "    open('%s/%04d.json' % (sys.argv[2], i), 'w', encoding='utf-8')"
                        ".write(json.dumps(x))\n"
                        "print(len(a))\n") +
            " " + shell_quote((dir / array_file).string()) + " " + shell_quote(out.string()));
        INFO(py.describe());
        REQUIRE(py.exit_code == 0);
        REQUIRE(std::stoi(py.out) > 0);  // a run that checked files has plans and results
        std::vector<fs::path> elements;
        for (const auto& e : fs::directory_iterator(out)) {
            elements.push_back(e.path());
        }
        std::sort(elements.begin(), elements.end());
        for (const auto& e : elements) {
            docs.emplace_back(element_schema, e);
        }
    }
    docs.emplace_back("artifact-manifest.v1", dir / "manifest.json");

    SECTION("qa-skill schema validate, by embedded id and by schema file") {
        const ProcResult list = sb.qa(repo, "schema list");
        INFO(list.describe());
        CHECK(list.exit_code == 0);
        for (const auto& [id, doc] : docs) {
            INFO(id << " " << doc.string());
            CHECK(list.out.find(id) != std::string::npos);
            const ProcResult by_id =
                sb.qa(repo, "schema validate " + shell_quote(id) + " " + shell_quote(doc.string()));
            INFO(by_id.describe());
            CHECK(by_id.exit_code == 0);
            const fs::path file = schema_file(id);
            REQUIRE(!file.empty());
            const ProcResult by_file = sb.qa(repo, "schema validate " + shell_quote(file.string()) +
                                                       " " + shell_quote(doc.string()));
            INFO(by_file.describe());
            CHECK(by_file.exit_code == 0);
        }
        // And the validator is not a rubber stamp: a verdict is not a skill input.
        const ProcResult wrong =
            sb.qa(repo, "schema validate skill-input.v1 " +
                            shell_quote((dir / "final-verdict.json").string()));
        INFO(wrong.describe());
        CHECK(wrong.exit_code == 1);
    }

    SECTION("python3 jsonschema (third-party, draft 7)") {
        // python3-jsonschema is in install/packages.txt: its absence is a set-up failure.
        REQUIRE(qa::test::python_has("jsonschema"));
        const fs::path script = split.path() / "validate.py";
        qa::test::write_file(script, kPythonValidator);
        std::string cmd =
            "python3 " + shell_quote(script.string()) + " " + shell_quote(kSchemaDir.string());
        for (const auto& [id, doc] : docs) {
            const fs::path file = schema_file(id);
            INFO("schema of " << id);
            REQUIRE(!file.empty());
            cmd += " " + shell_quote(file.string()) + " " + shell_quote(doc.string());
        }
        const ProcResult py = qa::test::run_sh(cmd);
        INFO(py.describe());
        CHECK(py.exit_code == 0);
        CHECK(qa::test::count_lines(py.out) == docs.size());
        CHECK(py.out.find("INVALID") == std::string::npos);
    }
}
