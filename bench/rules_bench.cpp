// Throughput of the rule engine over a generated corpus: ordinary source lines with a planted
// (fake) credential every few thousand lines, scanned as whole files and as added-line buffers.
// A program, not a test: it prints numbers and asserts nothing about time.
//
//   rules_bench [megabytes=32]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "rules/rule_set.hpp"

namespace {

/// A deterministic corpus of about `bytes` bytes of Python-like code (no randomness, no clock).
std::string corpus(std::size_t bytes) {
    static const char* const kLines[] = {
        "def handler(request, password_field='confirm'):\n",
        "    token = request.headers.get('Authorization')\n",
        "    cursor.execute('SELECT id FROM users WHERE id = %s', (user_id,))\n",
        "    result = compute(alpha, beta) + offset * 2  # a comment\n",
        "    config = yaml.safe_load(stream)\n",
        "    log.info('processed %d rows in %s', count, elapsed)\n",
        "    return {'status': 'ok', 'items': [i for i in items if i.valid]}\n",
        "\n",
    };
    // The fake key is assembled here so that this file holds no credential-shaped string.
    const std::string planted =
        std::string("SESSION_SECRET = \"") + "FAKE" + "d!D9i#ME%eq6iTqTfibBb5z6\"\n";
    std::string out;
    out.reserve(bytes + 128);
    for (std::size_t i = 0; out.size() < bytes; ++i) {
        out += (i % 4000 == 3999) ? planted : std::string(kLines[i % 8]);
    }
    return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void run(const char* name, const qa::rules::RuleSet& rules, const std::string& text,
         std::string_view language, std::size_t chunk) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t matches = 0;
    for (std::size_t at = 0; at < text.size(); at += chunk) {
        std::size_t end = std::min(text.size(), at + chunk);
        while (end < text.size() && text[end - 1] != '\n') {
            ++end;  // whole lines only
        }
        const std::string_view piece(text.data() + at, end - at);
        matches += rules.scan(qa::rules::ScanInput{"bench.py", language, piece, {}}).size();
        at = end - chunk;
    }
    const double s = seconds_since(start);
    std::printf("%-34s %8.1f MB/s  %6zu matches  %.3f s\n", name,
                static_cast<double>(text.size()) / (1024.0 * 1024.0) / s, matches, s);
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t megabytes = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 32;
    const std::string text = corpus(megabytes * 1024 * 1024);
    const auto load_start = std::chrono::steady_clock::now();
    const auto security = qa::rules::RuleSet::from_embedded("lenses/security/rules.toml");
    const auto style = qa::rules::RuleSet::from_embedded("lenses/style/rules.toml");
    std::printf("loaded %zu + %zu rules in %.1f ms\n", security.rules().size(),
                style.rules().size(), seconds_since(load_start) * 1000.0);
    run("security, 64 KiB files", security, text, "python", 64 * 1024);
    run("security, 4 KiB hunks", security, text, "python", 4 * 1024);
    run("style, 64 KiB files", style, text, "python", 64 * 1024);
    const std::string pathological(std::size_t{8} << 20, 'a');
    run("security, one 8 MiB line of 'a'", security, pathological, "", pathological.size());
    return 0;
}
