// `run --all-files` through the real orchestrator on real git repositories: every tracked file is
// read (the planner's bounds leave nothing out of rule lenses), the bytes are those of the index
// and never a working-tree edit, and plans and results are the same at any worker count.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "orchestrator/run.hpp"
#include "rules/rule_set.hpp"
#include "support/git_fixture.hpp"
#include "util/file.hpp"

namespace fs = std::filesystem;
using qa::orchestrator::RunReport;
using qa::prepare::ChangeKind;
using qa::test::GitSandbox;

namespace {

const fs::path kPlanted = fs::path(QA_SOURCE_DIR) / "tests/fixtures/rules/planted";

/// (file, line, rule id)
using Spot = std::tuple<std::string, std::int64_t, std::string>;

std::string without_markers(std::string text) {
    for (std::size_t at = text.find("@@"); at != std::string::npos; at = text.find("@@", at)) {
        text.erase(at, 2);
    }
    return text;
}

/// The spots announced by `qa-expect: a, b` notes (on the line after each note) of `text`.
/// Whether the security rule `id` reports only on added lines (changes_only).
bool changes_only(const std::string& id) {
    static const qa::rules::RuleSet security =
        qa::rules::RuleSet::from_embedded("lenses/security/rules.toml");
    for (const auto& rule : security.rules()) {
        if (rule.id == id) {
            return rule.changesOnly;
        }
    }
    return false;
}

void add_expectations(const std::string& file, const std::string& text, std::set<Spot>& out) {
    std::int64_t line = 0;
    std::size_t begin = 0;
    while (begin < text.size()) {
        ++line;
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        const std::string row = text.substr(begin, end - begin);
        if (const std::size_t at = row.find("qa-expect"); at != std::string::npos) {
            std::string ids = row.substr(at + 9);
            for (char& c : ids) {
                c = (c == '"' || c == ':' || c == ',') ? ' ' : c;
            }
            std::size_t pos = 0;
            while ((pos = ids.find_first_not_of(' ', pos)) != std::string::npos) {
                const std::size_t stop = std::min(ids.find(' ', pos), ids.size());
                const std::string id = ids.substr(pos, stop - pos);
                if (!changes_only(id)) {  // an audit does not run those
                    out.emplace(file, line + 1, id);
                }
                pos = stop;
            }
        }
        begin = end + 1;
    }
}

/// About `bytes` of ordinary Python, different for each `seed`, with no credential in it.
std::string filler(int seed, std::size_t bytes) {
    std::string out;
    for (int i = 0; out.size() < bytes; ++i) {
        out += "def handler_" + std::to_string(seed) + "_" + std::to_string(i) +
               "(request, count=" + std::to_string(i % 97) + "):\n" +
               "    return compute(request.items, offset=count * 2)  # plain code\n";
    }
    return out;
}

RunReport run_all(const fs::path& repo, std::size_t jobs) {
    qa::prepare::RunRequest request;
    request.startDir = repo;
    request.gitEnv = qa::git::GitEnv::none();
    request.kind = ChangeKind::all_files;
    request.jobsOverride = jobs;
    request.writeArtifacts = false;
    return qa::orchestrator::run(request);
}

/// Plans, results and verdict of the only run, as canonical JSON.
std::string canonical_outcome(const RunReport& report) {
    REQUIRE(report.runs.size() == 1);
    const auto& result = report.runs.front().result;
    qa::json::Array plans, results;
    for (const auto& p : result.lensPlans) {
        plans.push_back(qa::contracts::to_json(p));
    }
    for (const auto& r : result.lensResults) {
        results.push_back(qa::contracts::to_json(r));
    }
    return qa::json::canonical(qa::json::Value(qa::json::Array{
        std::move(plans), std::move(results), qa::contracts::to_json(result.finalVerdict)}));
}

std::set<Spot> security_spots(const RunReport& report) {
    std::set<Spot> out;
    for (const auto& r : report.runs.front().result.lensResults) {
        for (const auto& f : r.findings) {
            if (f.lensId == "security") {
                out.emplace(f.file, f.startLine, f.ruleId);
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("all-files finds every planted credential, in index bytes, at any worker count",
          "[orchestrator][all-files]") {
    GitSandbox sb;
    const auto repo = sb.init("repo");
    std::set<Spot> expected;
    for (const auto& entry : fs::directory_iterator(kPlanted)) {
        const std::string name = entry.path().filename().string();
        if (name == "README.md") {
            continue;
        }
        const std::string text = without_markers(qa::util::read_file(entry.path()));
        add_expectations("planted/" + name, text, expected);
        sb.add_file(repo, "planted/" + name, text);
    }
    REQUIRE(expected.size() >= 25);
    // Enough ordinary code (about 9 MiB) for several shards per rule lens.
    for (int i = 0; i < 24; ++i) {
        sb.add_file(repo, "src/mod" + std::to_string(100 + i) + ".py", filler(i, 400 * 1024));
    }
    sb.commit(repo, "planted and filler");
    // The working tree differs from the index: an edit hides a credential, another adds one.
    // Neither may change what is checked.
    qa::test::write_file(repo / "planted" / "settings.py", "import os\n");
    qa::test::write_file(repo / "src" / "mod100.py",
                         "TOKEN = \"" + std::string("gh") + "p_" + std::string(36, 'A') + "\"\n");

    const RunReport one = run_all(repo, 1);
    const auto found = security_spots(one);
    for (const auto& spot : expected) {
        INFO(std::get<0>(spot) << ":" << std::get<1>(spot) << " " << std::get<2>(spot));
        CHECK(found.count(spot) == 1);
    }
    for (const auto& [file, line, rule] : found) {
        INFO(file << ":" << line << " " << rule);
        CHECK(file.rfind("planted/", 0) == 0);  // nothing in the filler or the unstaged edit
    }
    std::map<std::string, int> plans_per_sub_lens;
    for (const auto& plan : one.runs.front().result.lensPlans) {
        CHECK(plan.omittedFiles.empty());
        ++plans_per_sub_lens[plan.lensId + "/" + plan.subLensId.value_or("")];
    }
    CHECK(plans_per_sub_lens["security/secrets"] > 1);
    CHECK(plans_per_sub_lens["style/hygiene"] > 1);
    for (const auto& r : one.runs.front().result.lensResults) {
        CHECK(r.status == qa::contracts::LensStatus::completed);
        CHECK_FALSE(r.degraded);
    }
    CHECK(one.runs.front().plan.codes.empty());  // no DIFF_TOO_LARGE, no broad scan

    const std::string reference = canonical_outcome(one);
    for (const std::size_t jobs : {2U, 8U}) {
        INFO("--jobs " << jobs);
        CHECK(canonical_outcome(run_all(repo, jobs)) == reference);
    }
}

TEST_CASE("all-files: lenses that iterate added lines see every line of every file",
          "[orchestrator][all-files]") {
    GitSandbox sb;
    const auto repo = sb.init("repo");
    sb.add_file(repo, ".qa-skill.toml",
                "[[architecture.layers]]\nname = \"ui-not-db\"\nfrom = [\"src/ui/**\"]\n"
                "deny = [\"src/db/**\"]\n");
    sb.add_file(repo, "src/db/models.hpp", "int model();\n");
    sb.add_file(repo, "src/ui/view.cpp",
                "// a view\n\nint view() { return 1; }\n#include \"../db/models.hpp\"\n");
    sb.commit(repo, "layers");

    const RunReport report = run_all(repo, 2);
    std::set<Spot> violations;
    for (const auto& r : report.runs.front().result.lensResults) {
        for (const auto& f : r.findings) {
            if (f.ruleId == "layer-violation") {
                violations.emplace(f.file, f.startLine, f.ruleId);
            }
        }
    }
    CHECK(violations == std::set<Spot>{{"src/ui/view.cpp", 4, "layer-violation"}});
}
