#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "rules_test_support.hpp"
#include "support/secret_corpus.hpp"

using namespace qa::rules;
namespace corpus = qa::test::corpus;

namespace {

/// Found and scanned counts of one family.
struct Tally {
    std::size_t own = 0;      ///< credentials reported by the rule of their own type
    std::size_t any = 0;      ///< credentials reported by any rule
    std::size_t total = 0;    ///< credential lines
    std::size_t blocked = 0;  ///< look-alike lines with a blocking finding
    std::size_t lookalikes = 0;
};

const RuleSet& security() {
    static const RuleSet rules = test::load_rules("lenses/security/rules.toml");
    return rules;
}

std::vector<RuleMatch> scan_line(const std::string& path, const std::string& line) {
    return security().scan(ScanInput{path, "", line, {}});
}

/// Recall by own rule and look-alike blocking for every provider format, 20 values each in
/// every context. QA_PRINT_FORMAT_TABLE=1 prints the table the README shows.
std::map<std::string, Tally> measure() {
    corpus::Rng rng(20261123);
    std::map<std::string, Tally> by_family;
    for (const corpus::ProviderFormat& format : corpus::provider_formats()) {
        Tally& t = by_family[format.family];
        for (int i = 0; i < 20; ++i) {
            const std::string value = corpus::provider_value(rng, format);
            for (const auto& [path, line] :
                 corpus::provider_contexts(format.name, value, format.namedOnly)) {
                ++t.total;
                bool own = false;
                bool any = false;
                for (const RuleMatch& m : scan_line(path, line)) {
                    if (m.secret && *m.secret == value) {
                        any = true;
                        own = own || m.rule->id == format.rule;
                    }
                }
                t.own += own ? 1 : 0;
                t.any += any ? 1 : 0;
                if (!own) {
                    UNSCOPED_INFO("missed by " << format.rule << ": " << path << ": "
                                               << line.substr(0, line.find('=') + 1) << "<"
                                               << value.size() << " chars>");
                }
            }
        }
        for (const corpus::Lookalike& fake : corpus::provider_lookalikes(rng, format)) {
            const auto contexts = fake.named
                                      ? corpus::provider_contexts(format.name, fake.value, false)
                                      : corpus::unnamed_contexts(fake.value);
            for (const auto& [path, line] : contexts) {
                ++t.lookalikes;
                for (const RuleMatch& m : scan_line(path, line)) {
                    if (m.rule->blocking && !m.checksumFailed) {
                        ++t.blocked;
                        UNSCOPED_INFO("look-alike (" << fake.kind << ") blocked by " << m.rule->id
                                                     << ": " << line);
                        break;
                    }
                }
            }
        }
    }
    return by_family;
}

}  // namespace

TEST_CASE("provider formats: found by their own rule, look-alikes not blocked",
          "[rules][formats]") {
    const auto by_family = measure();
    Tally sum;
    for (const auto& [family, t] : by_family) {
        sum.own += t.own;
        sum.any += t.any;
        sum.total += t.total;
        sum.blocked += t.blocked;
        sum.lookalikes += t.lookalikes;
    }
    if (const char* print = std::getenv("QA_PRINT_FORMAT_TABLE"); print != nullptr) {
        std::printf(
            "| family | credentials | found by own rule | found by any rule | look-alikes | "
            "blocking on look-alikes |\n");
        std::printf("|---|---:|---:|---:|---:|---:|\n");
        const auto pct = [](std::size_t a, std::size_t b) {
            return b == 0 ? 0.0 : 100.0 * static_cast<double>(a) / static_cast<double>(b);
        };
        for (const auto& [family, t] : by_family) {
            std::printf("| %s | %zu | %.0f%% | %.0f%% | %zu | %.1f%% |\n", family.c_str(), t.total,
                        pct(t.own, t.total), pct(t.any, t.total), t.lookalikes,
                        pct(t.blocked, t.lookalikes));
        }
        std::printf("| **all %zu families** | %zu | %.1f%% | %.1f%% | %zu | %.1f%% |\n",
                    by_family.size(), sum.total, pct(sum.own, sum.total), pct(sum.any, sum.total),
                    sum.lookalikes, pct(sum.blocked, sum.lookalikes));
    }
    CHECK(by_family.size() >= 55);
    // The goals: 95% found by the rule of their own type, at most 1 look-alike in 50
    // blocked.
    CHECK(sum.own * 100 >= sum.total * 95);
    CHECK(sum.blocked * 50 <= sum.lookalikes);
    for (const auto& [family, t] : by_family) {
        INFO(family);
        CHECK(t.own * 10 >= t.total * 9);
    }
}
