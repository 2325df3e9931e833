// Recall and look-alike blocking of the security lens on the peer-style corpus
// (tests/fixtures/rules/peer-corpus/cases.jsonl: formats and syntaxes of gitleaks',
// detect-secrets' and secretlint's test suites, values written by its generate.py), through the
// real binary: every case in its own file of a real repository, one `qa-skill run --all-files`.
// bench/secrets_peer_corpus.py prints the same figures per family.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// The floors this corpus must keep (the targets: 95% blocked, 2% look-alikes blocked).
constexpr double kMinRecall = 0.95;
constexpr double kMaxFalse = 0.02;

struct Case {
    std::string id;
    std::string family;
    std::string kind;  ///< positive | negative | report
    std::string path;
    std::string text;
};

std::vector<Case> read_cases() {
    std::ifstream in(fs::path(QA_SOURCE_DIR) / "tests/fixtures/rules/peer-corpus/cases.jsonl");
    REQUIRE(in);
    std::vector<Case> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) {
            continue;
        }
        const auto v = qa::json::parse(line);
        out.push_back(Case{v.find("id")->as_string(), v.find("family")->as_string(),
                           v.find("kind")->as_string(), v.find("path")->as_string(),
                           v.find("text")->as_string()});
    }
    return out;
}

/// Case id -> whether a blocking security finding fell in its file.
std::map<std::string, bool> blocking_by_case(const qa::json::Value& doc) {
    std::map<std::string, bool> out;
    for (const auto& run : doc.find("runs")->as_array()) {
        for (const auto& lens : run.find("skillResult")->find("lensResults")->as_array()) {
            if (lens.find("lensId")->as_string() != "security") {
                continue;
            }
            for (const auto& f : lens.find("findings")->as_array()) {
                const std::string& file = f.find("file")->as_string();
                if (!file.starts_with("cases/")) {
                    continue;
                }
                const std::string id = file.substr(6, file.find('/', 6) - 6);
                out[id] = out[id] || f.find("blocking")->as_bool();
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("peer corpus: 95% of credentials block, at most 2% of look-alikes do",
          "[secrets][corpus][peer]") {
    const std::vector<Case> cases = read_cases();
    REQUIRE(cases.size() >= 1500);
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("peer");
    qa::test::write_file(repo / ".qa-skill.toml",
                         "[lenses.style]\nenabled = false\n\n[lenses.architecture]\nenabled = "
                         "false\n");
    for (const auto& c : cases) {
        qa::test::write_file(repo / "cases" / c.id / c.path, c.text);
    }
    sb.git_ok(repo, "add -A");
    const ProcResult run = sb.qa(repo, "run --all-files --format json --no-artifacts");
    INFO(run.describe());
    REQUIRE(run.exited);
    REQUIRE(run.exit_code == 1);
    const auto blocked = blocking_by_case(qa::json::parse(run.out));

    std::size_t positives = 0, found = 0, lookalikes = 0, false_blocks = 0;
    std::set<std::string> families;
    std::string missed, wrongly;
    for (const auto& c : cases) {
        families.insert(c.family);
        const bool b = blocked.count(c.id) != 0 && blocked.at(c.id);
        if (c.kind == "positive") {
            ++positives;
            found += b ? 1 : 0;
            missed += b ? "" : c.id + " " + c.family + "\n";
        } else {
            ++lookalikes;
            false_blocks += b ? 1 : 0;
            wrongly += b ? c.id + " " + c.family + "\n" : "";
        }
    }
    CHECK(families.size() >= 140);
    const double recall = static_cast<double>(found) / static_cast<double>(positives);
    const double false_rate = static_cast<double>(false_blocks) / static_cast<double>(lookalikes);
    INFO("blocked " << found << " of " << positives << " credentials; missed:\n" << missed);
    CHECK(recall >= kMinRecall);
    INFO("blocked " << false_blocks << " of " << lookalikes << " look-alikes:\n" << wrongly);
    CHECK(false_rate <= kMaxFalse);
}
