#pragma once
/// The official JSON Schema Test Suite, draft 7, as cases, and the one table of cases qa-skill's
/// validator is known to get wrong. Shared by the unit conformance test (library) and the
/// integration test (the `qa-skill schema validate` binary), so both hold the same list.

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace qa::test {

/// One known-wrong case: `group` and `test` are the suite's descriptions; "*" matches all.
struct Draft7Skip {
    std::string_view file;  ///< relative to tests/draft7, e.g. "optional/bignum.json"
    std::string_view group;
    std::string_view test;
    std::string_view reason;
};

// Why cases are skipped. No required case (tests/draft7/*.json) is skipped: all 927 pass.
inline constexpr std::string_view kBignum =
    "simdjson 3.0 rejects integers beyond 64 bits (NUMBER_ERROR), so this suite file, and any "
    "document holding such a number, is not JSON qa-skill can read";
inline constexpr std::string_view kContent =
    "contentMediaType/contentEncoding are annotations only in draft 7; qa-skill does not decode "
    "base64 or parse embedded JSON";
inline constexpr std::string_view kCrossDraft =
    "a $ref to a 2019-09 schema is read with draft-7 rules (valijson knows no later draft)";
// `pattern` is matched by RE2 (json/ecma_regex.hpp translates ECMA-262), but valijson matches
// `patternProperties` itself, with std::regex, and offers no way to replace it.
inline constexpr std::string_view kRegexBytes =
    "patternProperties: valijson's std::regex matches UTF-8 bytes, not code points: one "
    "non-ASCII character counts as several";
inline constexpr std::string_view kRegexUnicodeProperty =
    "patternProperties: valijson's std::regex has no Unicode property classes (\\p{...})";

// clang-format off
inline constexpr Draft7Skip kDraft7Skips[] = {
    {"optional/bignum.json", "*", "*", kBignum},
    {"optional/content.json", "validation of string-encoded content based on media type",
     "an invalid JSON document", kContent},
    {"optional/content.json", "validation of binary string-encoding",
     "an invalid base64 string (% is not a valid character)", kContent},
    {"optional/content.json", "validation of binary-encoded media type documents",
     "a validly-encoded invalid JSON document", kContent},
    {"optional/content.json", "validation of binary-encoded media type documents",
     "an invalid base64 string that is valid JSON", kContent},
    {"optional/cross-draft.json", "refs to future drafts are processed as future drafts",
     "missing bar is invalid", kCrossDraft},
    {"optional/ecmascript-regex.json", "patterns always use unicode semantics with patternProperties",
     "ascii character in json string", kRegexUnicodeProperty},
    {"optional/ecmascript-regex.json", "patterns always use unicode semantics with patternProperties",
     "literal unicode character in json string", kRegexUnicodeProperty},
    {"optional/ecmascript-regex.json", "patterns always use unicode semantics with patternProperties",
     "unicode character in hex format in string", kRegexUnicodeProperty},
    {"optional/ecmascript-regex.json", "patternProperties with non-ASCII digits",
     "ascii digits", kRegexUnicodeProperty},
    {"optional/ecmascript-regex.json", "patternProperties with non-ASCII digits",
     "non-ascii digits (BENGALI DIGIT FOUR, BENGALI DIGIT TWO)", kRegexUnicodeProperty},
    {"optional/non-bmp-regex.json", "Proper UTF-16 surrogate pair handling: patternProperties",
     "doesn't match two", kRegexBytes},
};
// clang-format on

inline const Draft7Skip* find_draft7_skip(std::string_view file, std::string_view group,
                                          std::string_view test) {
    const auto* it =
        std::find_if(std::begin(kDraft7Skips), std::end(kDraft7Skips), [&](const Draft7Skip& s) {
            return s.file == file && (s.group == "*" || s.group == group) &&
                   (s.test == "*" || s.test == test);
        });
    return it == std::end(kDraft7Skips) ? nullptr : it;
}

/// One suite case: a schema, an instance and the expected verdict, as JSON text.
struct Draft7Case {
    std::string file;  ///< relative to tests/draft7
    std::string group;
    std::string test;
    std::string schema;
    std::string data;
    bool valid = false;
};

/// The cases of one suite file, or an empty list with `error` set when it cannot be read.
inline std::vector<Draft7Case> load_draft7_file(const std::filesystem::path& path,
                                                const std::string& relative, std::string& error) {
    std::vector<Draft7Case> cases;
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (const auto e = parser.load(path.string()).get(root); e != simdjson::SUCCESS) {
        error = simdjson::error_message(e);
        return cases;
    }
    // Locals for every array: never iterate an array of a temporary result.
    const simdjson::dom::array groups = root.get_array().value();
    for (simdjson::dom::element group : groups) {
        const std::string description(group["description"].get_string().value());
        const std::string schema = simdjson::minify(group["schema"].value());
        const simdjson::dom::array tests = group["tests"].get_array().value();
        for (simdjson::dom::element test : tests) {
            Draft7Case c;
            c.file = relative;
            c.group = description;
            c.test = std::string(test["description"].get_string().value());
            c.schema = schema;
            c.data = simdjson::minify(test["data"].value());
            c.valid = test["valid"].get_bool().value();
            cases.push_back(std::move(c));
        }
    }
    return cases;
}

/// The suite files under `dir` (not recursive), relative to `root`, sorted.
inline std::vector<std::string> draft7_files(const std::filesystem::path& root,
                                             const std::filesystem::path& dir) {
    std::vector<std::string> files;
    if (!std::filesystem::is_directory(dir)) {
        return files;
    }
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.is_regular_file() && entry.path().extension() == ".json") {
            files.push_back(entry.path().lexically_relative(root).generic_string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// The vendored copy of the suite (tests/fixtures/json-schema-test-suite, MIT licence), so a
/// fresh clone tests itself with nothing beside it.
inline std::filesystem::path draft7_suite_root(const std::filesystem::path& source_dir) {
    return source_dir / "tests" / "fixtures" / "json-schema-test-suite";
}

}  // namespace qa::test
