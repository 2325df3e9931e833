// Model lenses under hostile input, through the real `qa-skill run --staged` against the
// provider test server on 127.0.0.1: what a provider returns is data (a rule id carrying
// terminal control is refused, every printed and stored field is escaped or cleaned, secrets it
// quotes are masked), impossible line numbers are dropped rather than wrapped, a changed file
// that is not UTF-8 is still reviewed, and values no credential rule names never leave the
// machine in clear.
#include <catch2/catch.hpp>

#include <map>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/provider_server.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::ProviderServer;

namespace {

constexpr const char* kKeyEnv = "QA_TEST_PROVIDER_KEY";
constexpr const char* kKey = "sk-integration-KEY-5a4b3c2d1e0f";

std::string config_text(const ProviderServer& server, const std::string& script = "ok") {
    return "[lenses.performance]\nenabled = true\nrequired = true\nprovider = \"local\"\n"
           "[providers.local]\nadapter = \"openai-codex\"\napi = \"chat_completions\"\n"
           "base_url = \"" +
           server.url(script) + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv +
           "\"\n";
}

ProcResult run_staged(const HookSandbox& sb, const fs::path& repo, const std::string& args = "") {
    return sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " +
                           qa::test::shell_quote(QA_SKILL_BIN) + " run --staged" + args);
}

/// A machine-made-looking value, generated so that no such literal sits in this file.
std::string token(std::uint32_t seed, std::size_t length,
                  const std::string& alphabet =
                      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") {
    std::string out;
    std::uint32_t x = seed;
    for (std::size_t i = 0; i < length; ++i) {
        x = x * 1664525U + 1013904223U;
        out += alphabet[(x >> 24U) % alphabet.size()];
    }
    return out;
}

/// Whether `text` holds a byte that drives a terminal: C0 (but newline and tab), DEL, or the
/// UTF-8 form of a C1 control.
bool has_terminal_control(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
            return true;
        }
        if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            return true;
        }
    }
    return false;
}

/// Every file qa-skill wrote under .qa-skill (artifacts and the answer cache), concatenated.
std::string everything_stored(const fs::path& repo) {
    std::string all;
    for (const auto& [name, bytes] : qa::test::read_tree(repo / ".qa-skill")) {
        all += name + "\n" + bytes + "\n";
    }
    return all;
}

const char* kApp = "import db\nfor u in users:\n    db.query(u)\nprint('done')\n";

}  // namespace

TEST_CASE("hostile answer: a ruleId carrying terminal control is refused, never printed",
          "[model-lens][integration][hostile]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(
        R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"critical",)"
        R"("ruleId":"x\u001b]0;PWNED\u0007","summary":"s","rationale":"r"}]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server));
    sb.add_file(repo, "src/app.py", kApp);

    const ProcResult text = run_staged(sb, repo);
    INFO(text.describe());
    CHECK(text.exit_code == 1);  // the required lens has no usable answer: fail closed
    CHECK(text.out.find("/findings/0/ruleId") != std::string::npos);
    CHECK_FALSE(has_terminal_control(text.out));
    CHECK_FALSE(has_terminal_control(text.err));
    CHECK(text.out.find("\x1b]0;PWNED") == std::string::npos);
    for (const std::string format : {"json", "sarif"}) {
        const ProcResult r = run_staged(sb, repo, " --format " + format);
        INFO(format << ": " << r.describe());
        CHECK(r.exit_code == 1);
        CHECK_FALSE(has_terminal_control(r.out));
        CHECK(r.out.find("\\u001b") == std::string::npos);
        CHECK(r.out.find("\\u0007") == std::string::npos);
    }
    CHECK(everything_stored(repo).find("\\u001b]0;PWNED") == std::string::npos);
}

TEST_CASE("hostile answer: summary and rationale are cleaned of control and masked of secrets",
          "[model-lens][integration][hostile]") {
    HookSandbox sb;
    ProviderServer server;
    // A key the credential rules name, quoted back by the "model"; built here, never a literal.
    const std::string key_id =
        std::string("AK") + "IA" + token(41, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567");
    server.set_answer(
        R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"high",)"
        R"("ruleId":"perf.query-in-loop","summary":"slow\u001b[2J\u009b31m \u202e loop uses )" +
        key_id + R"(","rationale":"the key )" + key_id + R"( is sent\u0007 \u202e each time"}]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server));
    sb.add_file(repo, "src/app.py", kApp);

    const ProcResult r = run_staged(sb, repo, " -v");
    INFO(r.describe());
    CHECK(r.exit_code == 1);  // the high finding blocks
    CHECK(r.out.find("perf.query-in-loop") != std::string::npos);
    CHECK(r.out.find("slow") != std::string::npos);
    CHECK_FALSE(has_terminal_control(r.out));
    CHECK(r.out.find(key_id) == std::string::npos);
    CHECK(r.out.find("AKIA********(20)") != std::string::npos);
    const std::string stored = everything_stored(repo);
    CHECK(stored.find(key_id) == std::string::npos);  // not in artifacts, not in the cache
    CHECK(stored.find("\\u001b") == std::string::npos);
    CHECK(stored.find("AKIA********(20)") != std::string::npos);
    for (const std::string format : {"json", "sarif"}) {
        const ProcResult f = run_staged(sb, repo, " --format " + format);
        INFO(format << ": " << f.describe());
        CHECK(f.out.find(key_id) == std::string::npos);
        CHECK(f.out.find("\\u001b") == std::string::npos);
        CHECK(f.out.find("\\u0007") == std::string::npos);
        CHECK(f.out.find("AKIA********(20)") != std::string::npos);
    }
    // The bidirectional override in the summary is shown escaped, byte by byte.
    CHECK(r.out.find("\xE2\x80\xAE") == std::string::npos);
    CHECK(r.out.find("\\342\\200\\256") != std::string::npos);
}

TEST_CASE("hostile answer: line numbers past the file or past 2^31 are dropped, never wrapped",
          "[model-lens][integration][hostile]") {
    HookSandbox sb;
    ProviderServer server;
    // 4294967300 = 2^32 + 4 would wrap to line 4, an added line.
    server.set_answer(
        R"({"findings":[)"
        R"({"file":"src/app.py","startLine":4294967300,"endLine":4294967300,"severity":"critical",)"
        R"("ruleId":"perf.wrapped","summary":"wrapped","rationale":"r"},)"
        R"({"file":"src/app.py","startLine":2147483648,"endLine":2147483648,"severity":"critical",)"
        R"("ruleId":"perf.past-int","summary":"past 2^31","rationale":"r"},)"
        R"({"file":"src/app.py","startLine":3,"endLine":9,"severity":"critical",)"
        R"("ruleId":"perf.past-end","summary":"past the end","rationale":"r"},)"
        R"({"file":"src/app.py","startLine":-4,"endLine":3,"severity":"critical",)"
        R"("ruleId":"perf.negative","summary":"negative","rationale":"r"},)"
        R"({"file":"src/app.py","startLine":2,"endLine":4,"severity":"low",)"
        R"("ruleId":"perf.real","summary":"a real one","rationale":"r"}]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server));
    sb.add_file(repo, "src/app.py", kApp);  // 4 lines, all added

    const ProcResult r = run_staged(sb, repo, " -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);  // only the low finding remains: it does not block
    CHECK(r.out.find("perf.real") != std::string::npos);
    for (const char* gone : {"perf.wrapped", "perf.past-int", "perf.past-end", "perf.negative"}) {
        CHECK(r.out.find(gone) == std::string::npos);
    }
    CHECK(r.out.find("4 finding(s) dropped: lines not in the file (1 to 2^31-1)") !=
          std::string::npos);
    const auto dir = qa::test::run_dirs(repo / ".qa-skill").at(0);
    const std::string verdict = qa::test::read_bytes(dir / "final-verdict.json");
    CHECK(verdict.find("perf.wrapped") == std::string::npos);
}

TEST_CASE("a changed file with bytes that are not UTF-8 is still reviewed by a model lens",
          "[model-lens][integration][hostile]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(R"({"findings":[]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server));
    sb.add_file(repo, "src/app.py", "# caf\xE9 \xFF\xFE latin-1\nprint('caf\xC3\xA9')\n");

    const ProcResult r = run_staged(sb, repo);
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("not valid UTF-8") == std::string::npos);
    REQUIRE(server.requests().size() == 1);
    const std::string body = server.requests()[0].body();
    // In the JSON body a packet's backslash is written twice.
    CHECK(body.find("# caf\\\\xE9 \\\\xFF\\\\xFE latin-1") != std::string::npos);
    CHECK(body.find("print('caf\xC3\xA9')") != std::string::npos);
}

TEST_CASE("values no credential rule names never reach the provider in clear",
          "[model-lens][integration][hostile][masking]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(R"({"findings":[]})");
    const auto repo = sb.repo_with_commit("repo");
    // security/model-review reads configuration files too (.env); performance reads source.
    sb.add_file(repo, ".qa-skill.toml",
                config_text(server) + "[lenses.security]\nprovider = \"local\"\n");
    const std::string phrase = "tr0ub4dor " + token(51, 6);
    // Short of the credential rules' reach: a password rule names 8 or more characters after a
    // password-like key, the high-entropy rule 32 or more hex digits.
    const std::string pw = "hunt" + token(52, 3);
    const std::string tok = token(53, 24, "0123456789abcdef");
    const std::string half1 = token(54, 14);
    const std::string half2 = token(55, 14);
    sb.add_file(repo, "src/app.py",
                "import db\n"
                "db_pass_phrase = \"" +
                    phrase +
                    "\"\n"
                    "conn = db.connect(\"host=db user=app pw=" +
                    pw +
                    " dbname=shop\")\n"
                    "api_tok = \"" +
                    tok +
                    "\"\n"
                    "client.sign(\"" +
                    half1 +
                    "\"\n"
                    "            \"" +
                    half2 +
                    "\")\n"
                    "for u in users:\n"
                    "    db.query(u)\n");
    sb.add_file(repo, "deploy/.env", "DB_PASSWORD=" + pw + "\nDEBUG=1\n");

    const ProcResult r = run_staged(sb, repo, " -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    REQUIRE(server.requests().size() == 2);
    const std::string sent = server.requests()[0].raw + server.requests()[1].raw;
    for (const std::string& secret : {phrase, pw, tok, half1, half2}) {
        INFO(secret);
        CHECK(sent.find(secret) == std::string::npos);
    }
    // The lines keep their shape: the model sees what was assigned, not the value.
    CHECK(sent.find(R"(db_pass_phrase = \"[masked]\")") != std::string::npos);
    CHECK(sent.find("pw=[masked] dbname=shop") != std::string::npos);
    CHECK(sent.find(R"(api_tok = \"[masked]\")") != std::string::npos);
    CHECK(sent.find(R"(client.sign(\"[masked]\")") != std::string::npos);
    CHECK(sent.find("DB_PASSWORD=[masked]") != std::string::npos);
    CHECK(sent.find("DEBUG=1") != std::string::npos);
    CHECK(sent.find("for u in users:") != std::string::npos);
    CHECK(r.out.find("performance: 5 line(s) with values masked") != std::string::npos);
    CHECK(r.out.find("security/model-review: 6 line(s) with values masked") != std::string::npos);
}

TEST_CASE("hostile provider identifiers: a model id and request id with control bytes",
          "[model-lens][integration][hostile]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(R"({"findings":[]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server, "hostile-ids"));
    sb.add_file(repo, "src/app.py", kApp);
    const ProcResult r = run_staged(sb, repo);
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK_FALSE(has_terminal_control(r.out));
    const auto dir = qa::test::run_dirs(repo / ".qa-skill").at(0);
    const std::string provenance = qa::test::read_bytes(dir / "provenance.json");
    const auto doc = qa::json::parse(provenance);  // valid UTF-8 JSON despite the 0xFF header
    const auto& call = doc.find("calls")->as_array().at(0);
    CHECK(call.find("modelId")->as_string() == "m?]0;x?");
    CHECK(call.find("requestId")->as_string() == "req?");
}
