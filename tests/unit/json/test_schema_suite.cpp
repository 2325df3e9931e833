// Conformance: the official JSON Schema Test Suite, draft 7, through json::SchemaValidator.
// Every case must give the expected verdict unless tests/support/draft7_skips.hpp lists it.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "json/error.hpp"
#include "json/schema_validator.hpp"
#include "support/draft7_skips.hpp"

namespace {

namespace fs = std::filesystem;

struct Tally {
    int passed = 0;
    int skipped = 0;
    int failed = 0;
};

/// The remotes the suite's `$ref`s name live under http://localhost:1234/.
qa::json::SchemaSources suite_sources() {
    qa::json::SchemaSources sources;
    sources.url_directories.emplace_back("http://localhost:1234/",
                                         qa::test::draft7_suite_root(QA_SOURCE_DIR) / "remotes");
    return sources;
}

/// The verdict for one case: "valid", "invalid", or the reason the schema did not compile.
std::string verdict(const qa::test::Draft7Case& c) {
    try {
        const auto validator = qa::json::SchemaValidator::from_text(c.schema, suite_sources());
        return validator.validate(c.data).empty() ? "valid" : "invalid";
    } catch (const qa::json::Error& e) {
        return std::string("error: ") + e.what();
    }
}

/// Runs the files of `dir`; `strict` says whether a case outside the skip list must pass.
Tally run_dir(const fs::path& dir, bool strict) {
    const fs::path root = qa::test::draft7_suite_root(QA_SOURCE_DIR) / "tests" / "draft7";
    Tally tally;
    for (const auto& file : qa::test::draft7_files(root, dir)) {
        std::string error;
        const auto cases = qa::test::load_draft7_file(root / file, file, error);
        if (!error.empty()) {
            INFO(file << ": " << error);
            CHECK(qa::test::find_draft7_skip(file, "*", "*") != nullptr);
            ++tally.skipped;
            continue;
        }
        for (const auto& c : cases) {
            const std::string got = verdict(c);
            const bool ok = got == (c.valid ? "valid" : "invalid");
            if (qa::test::find_draft7_skip(c.file, c.group, c.test) != nullptr) {
                // The list holds only what is known to fail: a fixed case leaves it.
                if (ok && strict) {
                    FAIL_CHECK(c.file << " | " << c.group << " | " << c.test
                                      << ": passes now; remove it from draft7_skips.hpp");
                }
                ++tally.skipped;
                continue;
            }
            if (ok) {
                ++tally.passed;
                continue;
            }
            ++tally.failed;
            if (strict) {
                FAIL_CHECK(c.file << " | " << c.group << " | " << c.test << ": expected "
                                  << (c.valid ? "valid" : "invalid") << ", got " << got);
            }
        }
    }
    return tally;
}

}  // namespace

TEST_CASE("JSON Schema Test Suite draft 7: required cases", "[json][schema][suite]") {
    const fs::path root = qa::test::draft7_suite_root(QA_SOURCE_DIR) / "tests" / "draft7";
    REQUIRE(fs::is_directory(root));
    const Tally tally = run_dir(root, true);
    std::printf("draft-7 suite: %d passed, %d skipped\n", tally.passed, tally.skipped);
    CHECK(tally.passed > 900);
}

TEST_CASE("JSON Schema Test Suite draft 7: optional cases", "[json][schema][suite]") {
    const fs::path root = qa::test::draft7_suite_root(QA_SOURCE_DIR) / "tests" / "draft7";
    const Tally tally = run_dir(root / "optional", true);
    std::printf("draft-7 suite (optional): %d passed, %d skipped\n", tally.passed, tally.skipped);
}

TEST_CASE("JSON Schema Test Suite draft 7: optional formats are informational",
          "[json][schema][suite]") {
    // Draft 7 makes format assertions optional; these run for the record, skipped wholesale.
    const fs::path root = qa::test::draft7_suite_root(QA_SOURCE_DIR) / "tests" / "draft7";
    const Tally tally = run_dir(root / "optional" / "format", false);
    std::printf("draft-7 suite (optional/format, not enforced): %d agree, %d differ\n",
                tally.passed, tally.failed);
}
