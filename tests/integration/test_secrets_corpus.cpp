// Recall and false positives of the security lens on corpora that are not shared with the rule
// examples, through the real binaries: a generated corpus of realistic files with planted fake
// credentials of every format and unsafe code in every language (tests/support/secret_corpus.hpp),
// the hand-written clean code of tests/fixtures/clean-code/ plus generated look-alikes, and the
// "no secret leaks anywhere" check over every output, artifact and log.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unordered_map>

#include "json/parse.hpp"
#include "rules/rule_set.hpp"
#include "support/hook_fixture.hpp"
#include "support/secret_corpus.hpp"

namespace fs = std::filesystem;
namespace corpus = qa::test::corpus;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;
using qa::test::shell_quote;

namespace {

constexpr std::uint64_t kPlantedSeed = 0x5ec2e7c0a9d1f00dULL;
constexpr std::uint64_t kCleanSeed = 0xc1ea7c0de5eed001ULL;
constexpr std::uint64_t kLeakSeed = 0x1eaca5e5ULL;
/// The brief's bound for one corpus run, well under the planner's default context bound.
constexpr std::size_t kMaxCorpusBytes = 4 * 1024 * 1024;

/// One finding as the JSON and SARIF reports give it.
struct Reported {
    std::string lens;
    std::string rule;
    std::string file;
    std::int64_t line = 0;
    std::string match;               ///< evidence.match (JSON only)
    std::int64_t secretLength = -1;  ///< evidence.secretLength when the rule captured a secret
    std::string evidenceHash;
    std::string summary;
};

const qa::json::Value& member(const qa::json::Value& v, std::string_view key) {
    const qa::json::Value* m = v.find(key);
    if (m == nullptr) {
        throw std::runtime_error("missing member " + std::string(key));
    }
    return *m;
}

/// Findings of `qa-skill run --format json` / `qa-skill-hook --dry-run --format json`.
std::vector<Reported> findings_of_json(const qa::json::Value& doc) {
    std::vector<Reported> out;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& lens : member(member(run, "skillResult"), "lensResults").as_array()) {
            for (const auto& f : member(lens, "findings").as_array()) {
                Reported r;
                r.lens = member(f, "lensId").as_string();
                r.rule = member(f, "ruleId").as_string();
                r.file = member(f, "file").as_string();
                r.line = member(f, "startLine").as_integer();
                r.evidenceHash = member(f, "evidenceHash").as_string();
                r.summary = member(f, "summary").as_string();
                const auto& evidence = member(f, "evidence");
                if (const auto* m = evidence.find("match"); m && m->is_string()) {
                    r.match = m->as_string();
                }
                if (const auto* n = evidence.find("secretLength"); n && n->is_integer()) {
                    r.secretLength = n->as_integer();
                }
                out.push_back(std::move(r));
            }
        }
    }
    return out;
}

/// Findings of a SARIF 2.1.0 report (ruleId is "<lens>/<rule>").
std::vector<Reported> findings_of_sarif(const qa::json::Value& doc) {
    std::vector<Reported> out;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& res : member(run, "results").as_array()) {
            Reported r;
            const std::string id = member(res, "ruleId").as_string();
            r.lens = id.substr(0, id.find('/'));
            r.rule = id.substr(id.find('/') + 1);
            const auto& loc = member(member(res, "locations").as_array().at(0), "physicalLocation");
            r.file = member(member(loc, "artifactLocation"), "uri").as_string();
            r.line = member(member(loc, "region"), "startLine").as_integer();
            r.evidenceHash =
                member(member(res, "partialFingerprints"), "evidenceHash/v1").as_string();
            r.summary = member(member(res, "message"), "text").as_string();
            out.push_back(std::move(r));
        }
    }
    return out;
}

/// Error and warning codes anywhere in a JSON report (plans' omitted files, lens warnings,
/// verdict codes), to see a degraded run.
std::set<std::string> degradation_of_json(const qa::json::Value& doc, std::size_t* omitted) {
    std::set<std::string> codes;
    *omitted = 0;
    for (const auto& run : member(doc, "runs").as_array()) {
        const auto& skill = member(run, "skillResult");
        for (const auto& plan : member(skill, "lensPlans").as_array()) {
            *omitted += member(plan, "omittedFiles").as_array().size();
        }
        for (const auto& lens : member(skill, "lensResults").as_array()) {
            if (const auto* w = lens.find("warningCodes"); w && w->is_array()) {
                for (const auto& c : w->as_array()) {
                    codes.insert(c.as_string());
                }
            }
        }
        for (const auto& c : member(member(skill, "finalVerdict"), "errorCodes").as_array()) {
            codes.insert(c.as_string());
        }
    }
    return codes;
}

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

void write_corpus(const fs::path& repo, const corpus::Corpus& c) {
    for (const auto& f : c.files) {
        qa::test::write_file(repo / f.path, f.content);
    }
}

/// The files of tests/fixtures/clean-code, as a corpus with the same relative paths.
corpus::Corpus clean_fixtures() {
    corpus::Corpus c;
    const fs::path root = fs::path(QA_SOURCE_DIR) / "tests/fixtures/clean-code";
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.is_regular_file() && e.path().filename() != "README.md") {
            c.files.push_back({fs::relative(e.path(), root).string(), read_bytes(e.path())});
        }
    }
    std::sort(c.files.begin(), c.files.end(),
              [](const auto& a, const auto& b) { return a.path < b.path; });
    return c;
}

/// `qa-skill`/`qa-skill-hook` JSON output parsed, with the run's status checked.
qa::json::Value parse_report(const ProcResult& r) {
    INFO(r.describe());
    REQUIRE(r.exited);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return qa::json::parse(r.out);
}

std::string where(const std::string& file, std::int64_t line) {
    return file + ":" + std::to_string(line);
}

/// Recall per family of `plants` against `found` (security findings), with the misses.
struct Recall {
    std::map<std::string, std::pair<std::size_t, std::size_t>> perFamily;  ///< found, planted
    std::vector<std::string> misses;
    std::string table() const {
        std::ostringstream s;
        for (const auto& [family, counts] : perFamily) {
            s << "  " << family << ": " << counts.first << "/" << counts.second << "\n";
        }
        return s.str();
    }
};

Recall recall_of(const std::vector<corpus::Plant>& plants, const std::vector<Reported>& found) {
    std::map<std::pair<std::string, std::int64_t>, std::vector<std::string>> rules_at;
    for (const auto& f : found) {
        rules_at[{f.file, f.line}].push_back(f.rule);
    }
    Recall recall;
    for (const auto& p : plants) {
        if (!p.required) {
            continue;
        }
        auto& counts = recall.perFamily[p.family];
        ++counts.second;
        const auto it = rules_at.find({p.file, p.line});
        const bool hit = it != rules_at.end() &&
                         std::any_of(it->second.begin(), it->second.end(), [&](const auto& rule) {
                             return corpus::family_accepts(p.family, rule);
                         });
        if (hit) {
            ++counts.first;
        } else {
            std::string got;
            if (it != rules_at.end()) {
                for (const auto& rule : it->second) {
                    got += (got.empty() ? " (found instead: " : ", ") + rule;
                }
                got += ")";
            }
            recall.misses.push_back(where(p.file, p.line) + "  " + p.family + "/" + p.format + got +
                                    "\n      " + p.shape);
        }
    }
    return recall;
}

/// Findings on lines where nothing was planted.
std::vector<std::string> unexpected(const std::vector<corpus::Plant>& plants,
                                    const std::vector<Reported>& found) {
    std::set<std::pair<std::string, std::int64_t>> planted;
    for (const auto& p : plants) {
        planted.emplace(p.file, p.line);
    }
    std::vector<std::string> out;
    for (const auto& f : found) {
        if (planted.count({f.file, f.line}) == 0) {
            out.push_back(where(f.file, f.line) + "  " + f.rule + "  " + f.match);
        }
    }
    return out;
}

std::vector<Reported> security_only(std::vector<Reported> all) {
    all.erase(std::remove_if(all.begin(), all.end(),
                             [](const Reported& f) { return f.lens != "security"; }),
              all.end());
    return all;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) {
        out += "  " + l + "\n";
    }
    return out;
}

bool report_requested() {
    const char* v = std::getenv("QA_CORPUS_REPORT");
    return v != nullptr && *v != '\0';
}

// ---------------------------------------------------------------------------------------------
// Leak detection: every 8-byte piece of every hidden part, looked up in every output

using Window = std::uint64_t;

Window window_at(const char* p) {
    Window w = 0;
    std::memcpy(&w, p, sizeof w);
    return w;
}

/// Where each 8-byte piece of the secrets comes from (plant index).
class SecretPieces {
  public:
    explicit SecretPieces(const std::vector<corpus::Plant>& plants) : plants_(plants) {
        for (std::size_t i = 0; i < plants.size(); ++i) {
            for (const auto& part : plants[i].hidden) {
                for (std::size_t at = 0; at + sizeof(Window) <= part.size(); ++at) {
                    pieces_.emplace(window_at(part.data() + at), i);
                }
            }
        }
    }
    std::size_t size() const { return pieces_.size(); }

    /// "<source>: <plant>" for each plant with a piece in `bytes` (one line per plant).
    std::vector<std::string> leaks_in(const std::string& source, const std::string& bytes) const {
        std::map<std::size_t, std::string> hits;
        for (std::size_t at = 0; at + sizeof(Window) <= bytes.size(); ++at) {
            const auto it = pieces_.find(window_at(bytes.data() + at));
            if (it != pieces_.end() && hits.count(it->second) == 0) {
                hits[it->second] = bytes.substr(at, sizeof(Window));
            }
        }
        std::vector<std::string> out;
        for (const auto& [i, piece] : hits) {
            const auto& p = plants_[i];
            out.push_back(source + ": piece \"" + piece + "\" of " + p.family + "/" + p.format +
                          " planted at " + where(p.file, p.line));
        }
        return out;
    }

  private:
    const std::vector<corpus::Plant>& plants_;
    std::unordered_multimap<Window, std::size_t> pieces_;
};

}  // namespace

TEST_CASE("the corpus generator is deterministic and its ground truth matches the files",
          "[secrets][corpus]") {
    const corpus::Corpus a = corpus::planted_corpus(kPlantedSeed);
    const corpus::Corpus b = corpus::planted_corpus(kPlantedSeed);
    const corpus::Corpus other = corpus::planted_corpus(kPlantedSeed + 1);
    REQUIRE(a.files.size() == b.files.size());
    for (std::size_t i = 0; i < a.files.size(); ++i) {
        CHECK(a.files[i].path == b.files[i].path);
        CHECK(a.files[i].content == b.files[i].content);
    }
    CHECK(a.plants.size() == b.plants.size());
    REQUIRE(a.files.size() == other.files.size());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.files.size(); ++i) {
        if (a.files[i].content != other.files[i].content) {
            ++differing;
        }
    }
    CHECK(differing == a.files.size());

    std::map<std::string, std::vector<std::string>> lines_of;
    std::set<std::string> paths;
    for (const auto& f : a.files) {
        CHECK(paths.insert(f.path).second);
        auto& lines = lines_of[f.path];
        std::istringstream in(f.content);
        for (std::string line; std::getline(in, line);) {
            lines.push_back(line);
        }
    }
    for (const auto& p : a.plants) {
        INFO(where(p.file, p.line) << " " << p.family << "/" << p.format);
        REQUIRE(lines_of.count(p.file) == 1);
        const auto& lines = lines_of[p.file];
        REQUIRE(p.line >= 1);
        REQUIRE(p.line <= lines.size());
        const std::string& line = lines[p.line - 1];
        if (p.kind == corpus::PlantKind::unsafe_code) {
            CHECK(line == p.shape);
            continue;
        }
        // The credential (its first line, for a PEM block) sits on the recorded line, and every
        // secret part is in the file.
        CHECK(line.find(p.raw.substr(0, p.raw.find('\n'))) != std::string::npos);
        const auto& content = std::find_if(a.files.begin(), a.files.end(), [&](const auto& f) {
                                  return f.path == p.file;
                              })->content;
        for (const auto& h : p.hidden) {
            CHECK(h.size() >= 8);
            CHECK(content.find(h) != std::string::npos);
            CHECK_FALSE(corpus::looks_like_placeholder(h));
        }
        // GitHub tokens end with the base-62 CRC-32 of their 30 random characters.
        if (p.family == "github" && p.format != "github-fine-grained") {
            REQUIRE(p.raw.size() == 40);
            CHECK(p.raw.substr(34) == corpus::base62(corpus::crc32(p.raw.substr(4, 30)), 6));
        }
    }
}

TEST_CASE("generated corpus: every planted credential and unsafe line is found by its family",
          "[secrets][corpus]") {
    const corpus::Corpus planted = corpus::planted_corpus(kPlantedSeed);
    REQUIRE(planted.bytes() < kMaxCorpusBytes);
    // The generator covers every family the issue names, several times each.
    std::map<std::string, std::size_t> per_family;
    for (const auto& p : planted.plants) {
        per_family[p.family] += p.required ? 1 : 0;
        INFO(where(p.file, p.line) << " " << p.format);
        REQUIRE(p.line >= 1);
        if (p.kind == corpus::PlantKind::credential) {
            REQUIRE_FALSE(p.hidden.empty());
            for (const auto& h : p.hidden) {
                REQUIRE(h.size() >= 8);
            }
        }
    }
    for (const auto& [family, prefixes] : corpus::family_rule_prefixes()) {
        INFO("family " << family);
        CHECK(per_family[family] >= 4);
    }

    HookSandbox sb;
    const auto repo = sb.repo_with_commit("planted");
    write_corpus(repo, planted);
    sb.git_ok(repo, "add -A");

    const ProcResult run = sb.qa(repo, "run --all-files --format json --no-artifacts");
    const auto doc = parse_report(run);
    CHECK(run.exit_code == 1);  // blocking credentials: FAIL
    std::size_t omitted = 0;
    const auto codes = degradation_of_json(doc, &omitted);
    {
        INFO("a degraded run would under-report recall: omitted files " << omitted);
        CHECK(omitted == 0);
        CHECK(codes.count("CONTEXT_BOUND_EXCEEDED") == 0);
        CHECK(codes.count("DIFF_TOO_LARGE") == 0);
    }
    const auto found = security_only(findings_of_json(doc));
    const Recall recall = recall_of(planted.plants, found);
    const auto extra = unexpected(planted.plants, found);
    const std::string summary = "corpus: " + std::to_string(planted.files.size()) + " files, " +
                                std::to_string(planted.lines()) + " lines, " +
                                std::to_string(planted.bytes()) + " bytes, " +
                                std::to_string(planted.plants.size()) +
                                " plants\nrecall per family:\n" + recall.table();
    if (report_requested()) {
        WARN(summary << "misses:\n"
                     << joined(recall.misses) << "findings off the planted lines:\n"
                     << joined(extra));
    }
    INFO(summary);
    {
        INFO("planted but not found by a rule of its family:\n" << joined(recall.misses));
        CHECK(recall.misses.empty());
    }
    {
        INFO("security findings on lines where nothing was planted:\n" << joined(extra));
        CHECK(extra.empty());
    }

    // The pre-commit path sees the same staged files as added lines: the same findings.
    const ProcResult dry = sb.hook(repo, "--dry-run --format json");
    const auto staged = security_only(findings_of_json(parse_report(dry)));
    std::set<std::tuple<std::string, std::int64_t, std::string>> a, b;
    for (const auto& f : found) {
        a.emplace(f.file, f.line, f.rule);
    }
    for (const auto& f : staged) {
        if (!changes_only(f.rule)) {  // reported on added lines only: not in an audit
            b.emplace(f.file, f.line, f.rule);
        }
    }
    CHECK(a == b);
}

TEST_CASE("clean code and look-alike values give no security finding", "[secrets][corpus]") {
    corpus::Corpus clean = clean_fixtures();
    const auto fixture_files = clean.files.size();
    const auto fixture_lines = clean.lines();
    REQUIRE(fixture_files >= 11);
    REQUIRE(fixture_lines >= 3000);
    const corpus::Corpus lookalikes = corpus::clean_lookalikes(kCleanSeed);
    clean.files.insert(clean.files.end(), lookalikes.files.begin(), lookalikes.files.end());
    REQUIRE(clean.bytes() < kMaxCorpusBytes);

    HookSandbox sb;
    const auto repo = sb.repo_with_commit("clean");
    write_corpus(repo, clean);
    sb.git_ok(repo, "add -A");

    const ProcResult run = sb.qa(repo, "run --all-files --format json --no-artifacts");
    const auto doc = parse_report(run);
    std::size_t omitted = 0;
    const auto codes = degradation_of_json(doc, &omitted);
    CHECK(omitted == 0);
    CHECK(codes.count("CONTEXT_BOUND_EXCEEDED") == 0);

    // Every file was looked at by the secrets sub-lens, and the source files by unsafe-code.
    std::set<std::string> secrets_scope, unsafe_scope;
    for (const auto& r : member(doc, "runs").as_array()) {
        for (const auto& plan : member(member(r, "skillResult"), "lensPlans").as_array()) {
            const auto* sub = plan.find("subLensId");
            if (member(plan, "lensId").as_string() != "security" || !sub || !sub->is_string()) {
                continue;
            }
            for (const auto& f : member(plan, "changedFiles").as_array()) {
                (sub->as_string() == "secrets" ? secrets_scope : unsafe_scope)
                    .insert(f.as_string());
            }
        }
    }
    for (const auto& f : clean.files) {
        INFO(f.path);
        CHECK(secrets_scope.count(f.path) == 1);
    }
    CHECK(unsafe_scope.size() >= 8);

    std::vector<std::string> fps;
    for (const auto& f : security_only(findings_of_json(doc))) {
        fps.push_back(where(f.file, f.line) + "  " + f.rule + "  " + f.match);
    }
    if (report_requested()) {
        WARN("clean corpus: " << clean.files.size() << " files (" << fixture_files
                              << " hand-written, " << fixture_lines << " lines), " << clean.lines()
                              << " lines in all; false positives: " << fps.size() << "\n"
                              << joined(fps));
    }
    INFO("false positives:\n" << joined(fps));
    CHECK(fps.empty());
    CHECK(run.exit_code == 0);
}

namespace {

/// Adds `value` (a credential of `format`) as a plant on a new line of `file`.
void add_line(corpus::Corpus& c, std::vector<std::string>& lines, const std::string& file,
              const std::string& text, const corpus::Plant& like) {
    lines.push_back(text);
    corpus::Plant p = like;
    p.file = file;
    p.line = static_cast<std::uint32_t>(lines.size());
    p.shape = text;
    c.plants.push_back(std::move(p));
}

std::string joined_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) {
        out += l + "\n";
    }
    return out;
}

/// The first credential plant of `format` whose value is one line.
const corpus::Plant& first_of(const corpus::Corpus& c, const std::string& format) {
    for (const auto& p : c.plants) {
        if (p.kind == corpus::PlantKind::credential && p.format == format &&
            p.raw.find('\n') == std::string::npos) {
            return p;
        }
    }
    throw std::runtime_error("no plant of format " + format);
}

/// The most a mask may reveal of a secret of `length` bytes (see src/rules/mask.hpp).
std::size_t allowed_reveal(std::int64_t length) {
    return length >= 16 ? 4 : length >= 8 ? 2 : 0;
}

}  // namespace

TEST_CASE("no planted secret appears in any output, artifact or log, evidence is content-keyed",
          "[secrets][leak]") {
    corpus::Corpus c = corpus::planted_corpus(kLeakSeed, 2);
    // The same two secrets again, in two more files at other lines, with the same rules.
    const corpus::Plant& token = first_of(c, "github-classic");
    const corpus::Plant& password = first_of(c, "generic-password");
    const std::string first = "extra/first_settings.py";
    const std::string second = "extra/second/config.js";
    {
        std::vector<std::string> a = {"\"\"\"Local overrides.\"\"\"", "", "import os", ""};
        add_line(c, a, first, "GITHUB_TOKEN = \"" + token.raw + "\"", token);
        a.push_back("TIMEOUT = 30");
        add_line(c, a, first, "DB_PASSWORD = \"" + password.raw + "\"", password);
        c.files.push_back({first, joined_lines(a)});

        std::vector<std::string> b = {"'use strict';",          "",
                                      "module.exports = {",     "  retries: 3,",
                                      "  region: 'eu-west-1',", "  timeoutMs: 5000,",
                                      "  cache: true,"};
        add_line(c, b, second, "  dbPassword: '" + password.raw + "',", password);
        b.push_back("  verbose: false,");
        add_line(c, b, second, "  githubToken: '" + token.raw + "',", token);
        b.push_back("};");
        c.files.push_back({second, joined_lines(b)});
    }
    // A credential inside the span of a rule that shows its match (the TLS rule's curl pattern):
    // the finding of that rule must not carry the credential along.
    const corpus::Plant& oauth = first_of(c, "github-oauth");
    {
        const std::string script = "scripts/fetch-release.sh";
        std::vector<std::string> s = {"#!/bin/sh", "set -eu"};
        add_line(c, s, script,
                 "curl -fsS -H \"Authorization: token " + oauth.raw +
                     "\" --insecure https://api.corp.invalid/v1/releases/latest",
                 oauth);
        c.files.push_back({script, joined_lines(s)});
    }
    REQUIRE(c.bytes() < kMaxCorpusBytes);
    const SecretPieces pieces(c.plants);
    REQUIRE(pieces.size() > 1000);
    // The detector itself finds the secrets where they are: in the planted files.
    {
        std::size_t seen = 0;
        for (const auto& f : c.files) {
            seen += pieces.leaks_in(f.path, f.content).size();
        }
        std::size_t credentials = 0;
        for (const auto& p : c.plants) {
            credentials += p.kind == corpus::PlantKind::credential ? 1 : 0;
        }
        CHECK(seen >= credentials);
    }

    HookSandbox sb;
    const auto repo = sb.repo_with_commit("leak");
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    write_corpus(repo, c);
    sb.git_ok(repo, "add -A");
    const fs::path tmp = sb.root() / "tmp";
    fs::create_directories(tmp);
    const std::string with_tmp = "env TMPDIR=" + shell_quote(tmp.string()) + " ";
    const std::string head = sb.rev_parse(repo, "HEAD");

    std::vector<std::pair<std::string, std::string>> outputs;  // (name, bytes)
    const auto keep = [&](const std::string& name, const ProcResult& r) {
        outputs.emplace_back(name + " stdout", r.out);
        outputs.emplace_back(name + " stderr", r.err);
    };

    // Real commits through the installed hook: refused.
    const ProcResult commit = sb.in(repo, with_tmp + "git commit -q -m 'add configuration'");
    {
        INFO(commit.describe());
        CHECK(commit.exit_code != 0);
        CHECK(sb.rev_parse(repo, "HEAD") == head);
        CHECK(commit.err.find("FAIL") != std::string::npos);
        CHECK(commit.err.find(first + ":") != std::string::npos);
    }
    keep("git commit", commit);
    const ProcResult partial =
        sb.in(repo, with_tmp + "git commit -q -m 'only the copy' -- " + shell_quote(second));
    {
        INFO(partial.describe());
        CHECK(partial.exit_code != 0);
        CHECK(sb.rev_parse(repo, "HEAD") == head);
    }
    keep("git commit <path>", partial);

    // Every report format of the CLI and of the hook.
    const std::string bin = shell_quote(QA_SKILL_BIN);
    const std::string hook = shell_quote(QA_SKILL_HOOK_BIN);
    std::map<std::string, ProcResult> runs;
    for (const std::string format : {"text", "json", "sarif"}) {
        runs["run " + format] = sb.in(repo, with_tmp + bin + " run --all-files --format " + format);
        runs["hook " + format] = sb.in(repo, with_tmp + hook + " --dry-run --format " + format);
    }
    for (const auto& [name, r] : runs) {
        INFO(name << ": " << r.describe());
        CHECK(r.exited);
        CHECK(r.exit_code == (name.rfind("run", 0) == 0 ? 1 : 0));
        keep(name, r);
    }

    // Every file the runs may have written: artifacts (timings.json too), hook shims, logs,
    // temporary files, the sandbox's home. Only the planted files themselves and git's object
    // store (zlib-compressed copies of them) are left out.
    std::set<std::string> planted_paths;
    for (const auto& f : c.files) {
        planted_paths.insert((repo / f.path).string());
    }
    std::size_t artifact_files = 0;
    for (const auto& e : fs::recursive_directory_iterator(sb.root())) {
        const std::string path = e.path().string();
        if (!e.is_regular_file() || planted_paths.count(path) == 1 ||
            path.find("/.git/objects/") != std::string::npos) {
            continue;
        }
        if (path.find("/.qa-skill/") != std::string::npos) {
            ++artifact_files;
        }
        outputs.emplace_back(fs::relative(e.path(), sb.root()).string(), read_bytes(e.path()));
    }
    const auto run_folders = qa::test::run_dirs(repo / ".qa-skill");
    CHECK(run_folders.size() >= 2);  // the staged change and the all-files change
    CHECK(artifact_files >= 7 * run_folders.size());
    for (const auto& dir : run_folders) {
        CHECK(fs::is_regular_file(dir / "timings.json"));
        CHECK(fs::is_regular_file(dir / "lens-results.json"));
    }

    std::vector<std::string> leaks;
    std::size_t scanned = 0;
    for (const auto& [name, bytes] : outputs) {
        scanned += bytes.size();
        const auto found = pieces.leaks_in(name, bytes);
        leaks.insert(leaks.end(), found.begin(), found.end());
    }
    {
        INFO("scanned " << outputs.size() << " outputs and files, " << scanned << " bytes");
        INFO("pieces of planted secrets found outside the planted files:\n" << joined(leaks));
        CHECK(leaks.empty());
    }

    // What each finding shows of its secret: at most the mask's prefix, then "********(n)".
    const auto doc = qa::json::parse(runs["run json"].out);
    const auto findings = security_only(findings_of_json(doc));
    std::map<std::pair<std::string, std::int64_t>, std::vector<const corpus::Plant*>> plants_at;
    for (const auto& p : c.plants) {
        plants_at[{p.file, p.line}].push_back(&p);
    }
    const std::regex masked(R"(^([\x21-\x7e]{0,4})\*{8}\((\d+)\)$)");
    std::size_t masked_findings = 0;
    for (const auto& f : findings) {
        if (f.secretLength < 0) {
            continue;
        }
        ++masked_findings;
        INFO(where(f.file, f.line) << " " << f.rule << " shows " << f.match);
        std::smatch m;
        REQUIRE(std::regex_match(f.match, m, masked));
        CHECK(m[1].length() <= static_cast<long>(allowed_reveal(f.secretLength)));
        CHECK(std::stoll(m[2].str()) == f.secretLength);
        CHECK(f.summary.find(f.match) != std::string::npos);
        const auto it = plants_at.find({f.file, f.line});
        REQUIRE(it != plants_at.end());
        const std::string shown = m[1].str();
        CHECK(std::any_of(it->second.begin(), it->second.end(), [&](const corpus::Plant* p) {
            if (p->raw.rfind(shown, 0) == 0) {
                return true;
            }
            return std::any_of(p->hidden.begin(), p->hidden.end(),
                               [&](const std::string& h) { return h.rfind(shown, 0) == 0; });
        }));
    }
    CHECK(masked_findings >= 20);

    // SARIF reports the same findings with the same evidence hashes.
    {
        std::set<std::tuple<std::string, std::int64_t, std::string, std::string>> json_set,
            sarif_set;
        for (const auto& f : findings) {
            json_set.emplace(f.file, f.line, f.rule, f.evidenceHash);
        }
        for (const auto& f :
             security_only(findings_of_sarif(qa::json::parse(runs["run sarif"].out)))) {
            sarif_set.emplace(f.file, f.line, f.rule, f.evidenceHash);
        }
        CHECK(json_set == sarif_set);
    }

    // evidenceHash is keyed by rule and content: the same secret gives the same hash in two files
    // on different lines, and two secrets give two hashes.
    const auto hashes_at = [&](const std::string& file, const std::string& raw,
                               const std::string& rule) {
        std::set<std::string> out;
        for (const auto& p : c.plants) {
            if (p.file != file || p.raw != raw) {
                continue;
            }
            for (const auto& f : findings) {
                if (f.file == file && f.line == p.line && f.rule == rule) {
                    out.insert(f.evidenceHash);
                }
            }
        }
        return out;
    };
    const auto token_first = hashes_at(first, token.raw, "github-pat");
    const auto token_second = hashes_at(second, token.raw, "github-pat");
    const auto password_first = hashes_at(first, password.raw, "generic-secret");
    const auto password_second = hashes_at(second, password.raw, "generic-secret");
    REQUIRE(token_first.size() == 1);
    REQUIRE(password_first.size() == 1);
    CHECK(token_first == token_second);
    CHECK(password_first == password_second);
    CHECK(token_first != password_first);
    const auto token_origin = hashes_at(token.file, token.raw, "github-pat");
    CHECK((token_origin.empty() || token_origin == token_first));
}

TEST_CASE("a credential inside the match of an unsafe-code rule is not shown either",
          "[secrets][leak]") {
    // Rules without a secret group show their match (up to 160 bytes) as evidence; when that
    // match spans a credential another rule found on the same line, the credential must not
    // come along.
    corpus::Rng rng(kLeakSeed + 1);
    const auto round = corpus::credentials_round(rng, 0);
    const auto value_of = [&](const std::string& format) -> const corpus::Secret& {
        for (const auto& s : round) {
            if (s.format == format) {
                return s;
            }
        }
        throw std::runtime_error("no secret of format " + format);
    };
    const corpus::Secret& oauth = value_of("github-oauth");
    const corpus::Secret& slack = value_of("slack-bot-token");
    const corpus::Secret& stripe = value_of("stripe-live-key");

    corpus::Corpus c;
    corpus::FileBuilder py("app/hooks.py", &c.plants);
    py.text("def save_hook(cur, hook_id):");
    py.plant(
        "    cur.execute(f\"UPDATE hooks SET auth = '" + oauth.value + "' WHERE id = {hook_id}\")",
        oauth);
    py.text("    return hook_id");
    c.files.push_back(py.finish());
    corpus::FileBuilder js("web/src/channels.js", &c.plants);
    js.text("async function channel(db, id) {");
    js.plant("  return db.query(`SELECT * FROM channels WHERE bot = '" + slack.value +
                 "' AND id = ${id}`);",
             slack);
    js.text("}");
    c.files.push_back(js.finish());
    corpus::FileBuilder java("src/main/java/com/acme/Billing.java", &c.plants);
    java.text(
        "class Billing {\n    void charge(java.sql.Statement stmt, String id) throws "
        "Exception {");
    java.plant("        stmt.executeUpdate(\"UPDATE accounts SET stripe_key = '" + stripe.value +
                   "' WHERE id = \" + id);",
               stripe);
    java.text("    }\n}");
    c.files.push_back(java.finish());
    const SecretPieces pieces(c.plants);

    HookSandbox sb;
    const auto repo = sb.repo_with_commit("spans");
    write_corpus(repo, c);
    sb.git_ok(repo, "add -A");
    const ProcResult json = sb.qa(repo, "run --all-files --format json");
    const ProcResult sarif = sb.qa(repo, "run --all-files --format sarif --no-artifacts");

    // Both rules report on each of these lines: the credential's and the unsafe-code one.
    const auto findings = security_only(findings_of_json(parse_report(json)));
    for (const auto& p : c.plants) {
        std::set<std::string> rules;
        for (const auto& f : findings) {
            if (f.file == p.file && f.line == p.line) {
                rules.insert(f.rule);
            }
        }
        INFO(where(p.file, p.line));
        CHECK(std::any_of(rules.begin(), rules.end(),
                          [&](const auto& r) { return corpus::family_accepts(p.family, r); }));
        CHECK(std::any_of(rules.begin(), rules.end(),
                          [](const auto& r) { return r.rfind("sql-injection-", 0) == 0; }));
    }

    std::vector<std::string> leaks;
    const auto scan = [&](const std::string& name, const std::string& bytes) {
        const auto found = pieces.leaks_in(name, bytes);
        leaks.insert(leaks.end(), found.begin(), found.end());
    };
    scan("run json stdout", json.out);
    scan("run json stderr", json.err);
    scan("run sarif stdout", sarif.out);
    scan("run sarif stderr", sarif.err);
    const auto stored = qa::test::read_tree(repo / ".qa-skill");
    REQUIRE_FALSE(stored.empty());
    for (const auto& [name, bytes] : stored) {
        scan(".qa-skill/" + name, bytes);
    }
    INFO("pieces of credentials shown by the evidence of another rule:\n" << joined(leaks));
    CHECK(leaks.empty());
}

TEST_CASE("a secret found on one line is masked in the snippets of every other finding of its file",
          "[secrets][leak]") {
    // The password is found on line 2 (an assignment); lines 3 and 4 repeat it inside matches
    // of rules without a secret (a weak hash, a shell command), whose snippets are shown.
    corpus::Rng rng(kLeakSeed + 2);
    corpus::Secret password;
    password.family = "generic";
    password.format = "generic-password";
    password.value = corpus::draw([&] { return rng.chars(corpus::kBase62, 22); });
    password.hidden = {password.value};

    corpus::Corpus c;
    corpus::FileBuilder py("app/db.py", &c.plants);
    py.text("import hashlib, os");
    py.plant("db_password = \"" + password.value + "\"", password);
    py.text("digest = hashlib.md5(b\"" + password.value + "\" + password_salt).hexdigest()");
    py.text("os.system(f\"mysqldump -p" + password.value + " {database}\")");
    c.files.push_back(py.finish());
    const SecretPieces pieces(c.plants);

    HookSandbox sb;
    const auto repo = sb.repo_with_commit("file-wide");
    write_corpus(repo, c);
    sb.git_ok(repo, "add -A");
    const ProcResult json = sb.qa(repo, "run --all-files --format json");
    const ProcResult sarif = sb.qa(repo, "run --all-files --format sarif --no-artifacts");

    // The three rules report, so the masking is what keeps the password out.
    std::set<std::string> rules;
    for (const auto& f : security_only(findings_of_json(parse_report(json)))) {
        rules.insert(f.rule);
    }
    CHECK(rules.count("generic-secret") == 1);
    CHECK(rules.count("weak-password-hash") == 1);
    CHECK(rules.count("shell-injection-python") == 1);

    std::vector<std::string> leaks;
    const auto scan = [&](const std::string& name, const std::string& bytes) {
        const auto found = pieces.leaks_in(name, bytes);
        leaks.insert(leaks.end(), found.begin(), found.end());
    };
    scan("run json stdout", json.out);
    scan("run sarif stdout", sarif.out);
    for (const auto& [name, bytes] : qa::test::read_tree(repo / ".qa-skill")) {
        scan(".qa-skill/" + name, bytes);
    }
    INFO("pieces of the password shown by other findings:\n" << joined(leaks));
    CHECK(leaks.empty());
}
