#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/ref_cycles.hpp"
#include "json/schema_set.hpp"
#include "json/schema_sources.hpp"
#include "json/schema_validator.hpp"
#include "support/git_fixture.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

using qa::json::SchemaValidator;
using qa::json::ValidationError;

namespace {

void write_text(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::vector<std::string> pointers(const std::vector<ValidationError>& errors) {
    std::vector<std::string> out;
    out.reserve(errors.size());
    for (const auto& e : errors) {
        out.push_back(e.pointer);
    }
    return out;
}

}  // namespace

TEST_CASE("schema errors point into the document with RFC 6901 pointers", "[json][schema]") {
    const auto v = SchemaValidator::from_text(R"({
        "type": "object",
        "properties": {
            "usage": {"type": "integer"},
            "a/b~c": {"type": "string"},
            "items": {"type": "array", "items": {"type": "object", "required": ["id"]}}
        }
    })");
    CHECK(v.validate(R"({"usage": 1, "a/b~c": "x", "items": [{"id": 1}]})").empty());

    const auto errors = v.validate(R"({"usage": "x", "a/b~c": 1, "items": [{"id": 1}, {}]})");
    const auto ptrs = pointers(errors);
    CHECK(std::find(ptrs.begin(), ptrs.end(), "/usage") != ptrs.end());
    CHECK(std::find(ptrs.begin(), ptrs.end(), "/a~1b~0c") != ptrs.end());
    CHECK(std::find(ptrs.begin(), ptrs.end(), "/items/1") != ptrs.end());
    // The leaf errors only: valijson's "failed to validate property" summaries are dropped.
    CHECK(errors.size() == 3);

    const auto root = v.validate("[]");
    REQUIRE(root.size() == 1);
    CHECK(root.front().pointer.empty());
}

TEST_CASE("schema error messages say what is wrong", "[json][schema]") {
    const auto v = SchemaValidator::from_text(
        R"({"type": "object", "required": ["usage"], "additionalProperties": false,
            "properties": {"usage": {"type": "integer"}}})");
    const auto missing = v.validate("{}");
    REQUIRE(missing.size() == 1);
    CHECK(missing.front().message.find("usage") != std::string::npos);
    const auto extra = v.validate(R"({"usage": 1, "extra": true})");
    REQUIRE_FALSE(extra.empty());
    CHECK(extra.front().message.find("extra") != std::string::npos);
}

TEST_CASE("integral decimals are integers, in schemas and documents", "[json][schema]") {
    const auto v = SchemaValidator::from_text(
        R"({"type": "array", "maxItems": 2.0, "items": {"type": "integer"}})");
    CHECK(v.validate("[1.0, 2]").empty());
    CHECK_FALSE(v.validate("[1.5]").empty());
    CHECK_FALSE(v.validate("[1, 2, 3]").empty());
}

TEST_CASE("format applies to strings only", "[json][schema]") {
    const auto v = SchemaValidator::from_text(R"({"format": "date-time"})");
    CHECK(v.validate("12").empty());
    CHECK(v.validate("{}").empty());
    CHECK(v.validate(R"("2024-02-29T12:00:00Z")").empty());
    CHECK_FALSE(v.validate(R"("2023-02-29T12:00:00Z")").empty());
}

TEST_CASE("the draft-07 metaschema resolves offline", "[json][schema]") {
    const auto meta =
        SchemaValidator::from_text(R"({"$ref": "http://json-schema.org/draft-07/schema#"})");
    CHECK(meta.validate(R"({"type": "string", "minLength": 1})").empty());
    CHECK_FALSE(meta.validate(R"({"minLength": -1})").empty());
}

TEST_CASE("from_file resolves relative $refs against the schema's directory", "[json][schema]") {
    qa::test::TempDir tmp("qa-skill-schema-refs");
    std::filesystem::create_directories(tmp.path() / "defs");
    write_text(tmp.path() / "defs" / "count.json", R"({"type": "integer", "minimum": 0})");
    write_text(tmp.path() / "main.json", R"({"properties": {"n": {"$ref": "defs/count.json"}}})");
    // With an http `$id`, siblings under the same base still come from the directory.
    write_text(tmp.path() / "with-id.json",
               R"({"$id": "https://example.test/s/with-id.json",
                   "properties": {"n": {"$ref": "defs/count.json#"}}})");
    for (const char* name : {"main.json", "with-id.json"}) {
        const auto v = SchemaValidator::from_file(tmp.path() / name);
        CHECK(v.validate(R"({"n": 3})").empty());
        const auto errors = v.validate(R"({"n": -1})");
        REQUIRE(errors.size() == 1);
        CHECK(errors.front().pointer == "/n");
    }
}

TEST_CASE("URL prefixes map to directories", "[json][schema]") {
    qa::test::TempDir tmp("qa-skill-schema-map");
    write_text(tmp.path() / "name.json", R"({"type": "string"})");
    qa::json::SchemaSources sources;
    sources.url_directories.emplace_back("http://mirror.test/schemas/", tmp.path());
    const auto v =
        SchemaValidator::from_text(R"({"$ref": "http://mirror.test/schemas/name.json"})", sources);
    CHECK(v.validate(R"("x")").empty());
    CHECK_FALSE(v.validate("1").empty());
    // Without the mapping nothing is fetched: the schema does not compile.
    CHECK_THROWS_AS(
        SchemaValidator::from_text(R"({"$ref": "http://mirror.test/schemas/name.json"})"),
        qa::json::Error);
}

TEST_CASE("embedded schemas load by id", "[json][schema]") {
    const auto ids = SchemaValidator::embedded_ids();
    REQUIRE(std::find(ids.begin(), ids.end(), "lens-registry.v1") != ids.end());
    for (const auto& id : ids) {
        INFO(id);
        CHECK_NOTHROW(SchemaValidator::embedded(id));
    }
    CHECK_THROWS_AS(SchemaValidator::embedded("no-such-schema.v1"), qa::json::Error);
}

TEST_CASE("embedded schemas have no $ref cycles, which embedded() does not check again",
          "[json][schema]") {
    // from_text and from_file reject a cycle (valijson would recurse for ever); embedded() skips
    // the check on every run, sound while this holds for each schema built in.
    for (const auto& id : SchemaValidator::embedded_ids()) {
        INFO(id);
        const std::string path = std::string(qa::json::kEmbeddedSchemaDir) + id + ".json";
        const auto text = qa::util::find_embedded(path);
        REQUIRE(text);
        const auto set = qa::json::SchemaSet::load(
            *text, std::string(qa::json::kEmbeddedScheme) + path, qa::json::SchemaSources{});
        CHECK_NOTHROW(qa::json::check_ref_cycles(set));
    }
    CHECK_THROWS_AS(SchemaValidator::from_text(
                        R"({"definitions": {"a": {"$ref": "#/definitions/b"},)"
                        R"( "b": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"})"),
                    qa::json::Error);
}

TEST_CASE("an embedded schema's definitions validate as parts of one compilation",
          "[json][schema]") {
    const auto parts =
        SchemaValidator::embedded_with_definitions("skill-input.v1", {"ProviderBinding"});
    REQUIRE(parts.size() == 2);
    const auto whole = SchemaValidator::embedded("skill-input.v1");
    // A binding alone is a valid ProviderBinding, and not a valid skill input: each part checks
    // its own schema.
    const qa::json::Value schema =
        qa::json::parse(*qa::util::find_embedded("schemas/v1/skill-input.v1.json"));
    const qa::json::Value* definitions = schema.find("definitions");
    REQUIRE(definitions != nullptr);
    const qa::json::Value* binding_schema = definitions->find("ProviderBinding");
    REQUIRE(binding_schema != nullptr);
    const auto own = SchemaValidator::from_text(qa::json::canonical(*binding_schema));
    const std::string binding =
        R"({"bindingId": "b", "adapterId": "openai-codex", "adapterVersion": "1", "modelId": "m",)"
        R"( "temperature": 0, "topP": 1, "maxTokens": 10, "seed": null, "timeoutMs": 5,)"
        R"( "retryMax": 2, "retryBackoffMs": [500, 1500]})";
    CHECK(parts[1].validate(binding).empty());
    CHECK(own.validate(binding).empty());
    CHECK_FALSE(parts[0].validate(binding).empty());
    std::string hot = binding;
    hot.replace(hot.find("\"temperature\": 0"), 16, "\"temperature\": 1");
    CHECK(pointers(parts[1].validate(hot)) == std::vector<std::string>{"/temperature"});
    CHECK(pointers(own.validate(hot)) == pointers(parts[1].validate(hot)));
    // The whole schema, as embedded() compiles it.
    CHECK(pointers(parts[0].validate("{}")) == pointers(whole.validate("{}")));
    CHECK_FALSE(parts[0].validate("{}").empty());
    CHECK_THROWS_AS(SchemaValidator::embedded_with_definitions("skill-input.v1", {"NoSuchPart"}),
                    qa::json::Error);
    CHECK_THROWS_AS(SchemaValidator::embedded_with_definitions("no-such-schema.v1", {}),
                    qa::json::Error);
}

TEST_CASE("validate takes text, values and files", "[json][schema]") {
    const auto v = SchemaValidator::from_text(R"({"type": "object", "required": ["a"]})");
    CHECK(v.validate(qa::json::parse(R"({"a": 1})")).empty());
    CHECK_FALSE(v.validate(qa::json::parse("{}")).empty());
    CHECK_THROWS_AS(v.validate("{"), qa::json::Error);

    qa::test::TempDir tmp("qa-skill-schema-file");
    write_text(tmp.path() / "doc.json", R"({"a": true})");
    write_text(tmp.path() / "broken.json", "{");
    CHECK(v.validate_file(tmp.path() / "doc.json").empty());
    CHECK_THROWS_AS(v.validate_file(tmp.path() / "broken.json"), qa::json::Error);
    CHECK_THROWS_AS(v.validate_file(tmp.path() / "missing.json"), qa::util::IoError);
}

TEST_CASE("a bad schema is a json::Error naming it", "[json][schema]") {
    CHECK_THROWS_AS(SchemaValidator::from_text("{"), qa::json::Error);
    CHECK_THROWS_AS(SchemaValidator::from_text(R"({"$ref": "#/definitions/missing"})"),
                    qa::json::Error);
    qa::test::TempDir tmp("qa-skill-schema-bad");
    write_text(tmp.path() / "bad.json", "[1,");
    try {
        (void)SchemaValidator::from_file(tmp.path() / "bad.json");
        FAIL("no error");
    } catch (const qa::json::Error& e) {
        CHECK(std::string(e.what()).find("bad.json") != std::string::npos);
    }
}

TEST_CASE("one validator serves several threads", "[json][schema]") {
    const auto v = SchemaValidator::from_text(
        R"({"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}})");
    std::vector<std::thread> threads;
    std::vector<int> failures(4, 0);
    threads.reserve(failures.size());
    for (int& failed : failures) {
        threads.emplace_back([&v, &slot = failed] {
            for (int i = 0; i < 200; ++i) {
                if (!v.validate(R"(["abc", "def"])").empty() || v.validate(R"(["A"])").empty()) {
                    ++slot;
                }
            }
        });
    }
    for (auto& th : threads) {
        th.join();
    }
    CHECK(failures == std::vector<int>(4, 0));
}
