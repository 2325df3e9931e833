#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/prebuilt_rule.hpp"
#include "rules/rule_set.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

using namespace qa::rules;

namespace {

/// The rules of `path` read from its TOML text on disk as a run once did (without examples,
/// every regex checked), never from the prebuilt data.
RuleSet read_from_toml(const std::string& path) {
    const std::string text = qa::util::read_file(std::string(QA_SOURCE_DIR) + "/" + path);
    RuleSource source{text, path, "", false};
    source.examples = false;
    return RuleSet::parse(std::span<const RuleSource>(&source, 1));
}

std::vector<std::string> patterns_of(const std::vector<std::shared_ptr<const LazyRegex>>& res) {
    std::vector<std::string> out;
    out.reserve(res.size());
    for (const auto& re : res) {
        out.push_back(re->pattern());
    }
    return out;
}

}  // namespace

TEST_CASE("every embedded rules file is prebuilt, and only those", "[rules]") {
    std::set<std::string> embedded;
    for (const auto& file : qa::util::embedded_files()) {
        const std::string path(file.path);
        if (path.starts_with("lenses/") && path.ends_with("/rules.toml")) {
            embedded.insert(path);
        }
    }
    std::set<std::string> prebuilt;
    for (const PrebuiltFile& file : prebuilt_files()) {
        prebuilt.insert(std::string(file.path));
    }
    CHECK(embedded.size() >= 2);
    CHECK(prebuilt == embedded);
    CHECK(find_prebuilt("lenses/security/rules.toml") != nullptr);
    CHECK(find_prebuilt("lenses/nothing/rules.toml") == nullptr);
}

TEST_CASE("a prebuilt rule is the rule its TOML reads as, field by field", "[rules]") {
    // The build reads the rules files (tools/prebuild_rules.cpp); a run uses what it wrote. Any
    // field the generator or to_rule() dropped or changed would make a run differ from the file.
    std::size_t compared = 0;
    for (const PrebuiltFile& file : prebuilt_files()) {
        const RuleSet expected = read_from_toml(std::string(file.path));
        REQUIRE(expected.rules().size() == file.rules.size());
        for (std::size_t i = 0; i < file.rules.size(); ++i) {
            const Rule& want = expected.rules()[i];
            const Rule got = to_rule(file.rules[i]);
            INFO(file.path << ": rule " << want.id);
            CHECK(got.id == want.id);
            CHECK(got.description == want.description);
            CHECK(got.regex == want.regex);
            CHECK(got.pattern->pattern() == want.pattern->pattern());
            CHECK(got.keywords == want.keywords);
            CHECK(got.keywordPrefilter == want.keywordPrefilter);
            CHECK(got.prefilterRegex == want.prefilterRegex);
            CHECK(got.secretGroup == want.secretGroup);
            CHECK(got.minEntropy == want.minEntropy);
            CHECK(got.checksum == want.checksum);
            CHECK(got.nextLineSource == want.nextLineSource);
            CHECK((got.nextLine == nullptr) == (want.nextLine == nullptr));
            if (got.nextLine && want.nextLine) {
                CHECK(got.nextLine->pattern() == want.nextLine->pattern());
            }
            CHECK(got.severity == want.severity);
            CHECK(got.blocking == want.blocking);
            CHECK(got.changesOnly == want.changesOnly);
            CHECK(got.fix == want.fix);
            CHECK(got.allowlist.paths == want.allowlist.paths);
            CHECK(got.allowlist.regexSources == want.allowlist.regexSources);
            CHECK(patterns_of(got.allowlist.regexes) == patterns_of(want.allowlist.regexes));
            CHECK(got.allowlist.stopwords == want.allowlist.stopwords);
            CHECK(got.allowlist.sameAsGroup == want.allowlist.sameAsGroup);
            CHECK(got.languages == want.languages);
            CHECK(got.subLens == want.subLens);
            CHECK(got.examples.positive.empty());
            CHECK(got.examples.negative.empty());
            ++compared;
        }
    }
    CHECK(compared > 150);
}

TEST_CASE("an embedded rules file read without examples comes from the prebuilt data", "[rules]") {
    // The text handed in is not parsed when the file is prebuilt: even text that is not TOML
    // gives the prebuilt rules. With examples it is parsed, and fails.
    RuleSource source{"this is not TOML [", "lenses/style/rules.toml", "style", true};
    source.examples = false;
    const RuleSet set = RuleSet::parse(std::span<const RuleSource>(&source, 1));
    REQUIRE(set.rules().size() == find_prebuilt("lenses/style/rules.toml")->rules.size());
    CHECK(set.rules().front().lens == "style");
    source.examples = true;
    CHECK_THROWS_AS(RuleSet::parse(std::span<const RuleSource>(&source, 1)), RuleError);
}
