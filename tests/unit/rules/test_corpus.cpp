#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "plan/classify.hpp"
#include "rules_test_support.hpp"

using namespace qa::rules;
namespace fs = std::filesystem;

namespace {

const fs::path kFixtures = fs::path(QA_SOURCE_DIR) / "tests/fixtures/rules";

/// The files of a fixture folder, sorted, as paths relative to it.
std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file()) {
            out.push_back(fs::relative(entry.path(), dir));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string first_line(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

std::string without_markers(std::string text) {
    for (std::size_t at = text.find("@@"); at != std::string::npos; at = text.find("@@", at)) {
        text.erase(at, 2);
    }
    return text;
}

/// (line, rule id) pairs announced by `qa-expect: a, b` notes, for the line after each note.
std::set<std::pair<std::uint32_t, std::string>> expectations(const std::string& text) {
    std::set<std::pair<std::uint32_t, std::string>> out;
    std::uint32_t line = 0;
    std::size_t begin = 0;
    while (begin < text.size()) {
        ++line;
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        const std::string_view row(text.data() + begin, end - begin);
        if (const std::size_t at = row.find("qa-expect"); at != std::string_view::npos) {
            std::string ids(row.substr(at + 9));
            std::replace_if(
                ids.begin(), ids.end(), [](char c) { return c == '"' || c == ':' || c == ','; },
                ' ');
            std::size_t pos = 0;
            while ((pos = ids.find_first_not_of(' ', pos)) != std::string::npos) {
                const std::size_t stop = std::min(ids.find(' ', pos), ids.size());
                out.emplace(line + 1, ids.substr(pos, stop - pos));
                pos = stop;
            }
        }
        begin = end + 1;
    }
    return out;
}

}  // namespace

TEST_CASE("clean source files in several languages give no security findings", "[rules]") {
    const RuleSet security = test::load_rules("lenses/security/rules.toml");
    const auto files = files_in(kFixtures / "clean");
    REQUIRE(files.size() >= 8);
    for (const fs::path& file : files) {
        const std::string text = qa::util::read_file(kFixtures / "clean" / file);
        const auto cls = qa::plan::classify(file.string(), first_line(text), false);
        for (const RuleMatch& m : security.scan(ScanInput{file.string(), cls.language, text, {}})) {
            FAIL_CHECK(file.string() << ":" << m.line << ":" << m.column << ": " << m.rule->id
                                     << " matched " << m.match);
        }
    }
}

TEST_CASE("every planted fake credential is found, and nothing else", "[rules]") {
    const RuleSet security = test::load_rules("lenses/security/rules.toml");
    std::size_t planted = 0;
    for (const fs::path& file : files_in(kFixtures / "planted")) {
        if (file == "README.md") {
            continue;  // documents the notes, plants nothing
        }
        const std::string text = without_markers(qa::util::read_file(kFixtures / "planted" / file));
        const auto cls = qa::plan::classify(file.string(), first_line(text), false);
        const auto expected = expectations(text);
        planted += expected.size();
        std::set<std::pair<std::uint32_t, std::string>> found;
        for (const RuleMatch& m : security.scan(ScanInput{file.string(), cls.language, text, {}})) {
            found.emplace(m.line, m.rule->id);
            if (m.secret) {
                // Secrets are captured without their quotes or surroundings.
                CHECK(m.secret->find_first_of("\"'`") == std::string_view::npos);
            }
        }
        INFO(file.string() << " (language \"" << cls.language << "\")");
        for (const auto& [line, id] : expected) {
            INFO("expected " << id << " on line " << line);
            CHECK(found.count({line, id}) == 1);
        }
        for (const auto& [line, id] : found) {
            INFO("unexpected " << id << " on line " << line);
            CHECK(expected.count({line, id}) == 1);
        }
    }
    CHECK(planted >= 25);
}
