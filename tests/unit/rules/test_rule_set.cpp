#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

#include "rules/rule_set.hpp"
#include "rules_test_support.hpp"

using namespace qa::rules;

namespace {

/// The message of the RuleError that parsing `toml` throws, or "" when it parses.
std::string parse_error(const std::string& toml) {
    try {
        RuleSet::parse(toml, "rules.toml");
    } catch (const RuleError& e) {
        return e.what();
    }
    return "";
}

constexpr const char* kTwoRules = R"T(
[[rules]]
id = "beta"
description = "b"
regex = '''b+(\d+)'''
secret_group = 1
severity = "low"

[[rules]]
id = "alpha"
description = "a"
regex = '''a+'''
keywords = ["AA"]
severity = "info"
)T";

}  // namespace

TEST_CASE("rule parse errors name file, line, column, rule and key", "[rules]") {
    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "low"
colour = "red"
)T")
              .rfind("rules.toml:6:1: rules[x].colour: unknown key; expected one of \"allowlist\"",
                     0) == 0);

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a(b"
severity = "low"
)T") == "rules.toml:4:9: rules[x].regex: invalid regex: missing ): a(b");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "low"

[[rules]]
id = "x"
description = "d"
regex = "b"
severity = "low"
)T") == "rules.toml:8:6: rules[x].id: duplicate rule id");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "urgent"
)T") == "rules.toml:5:12: rules[x].severity: \"urgent\" is not valid; expected one of "
        "critical, high, medium, low, info");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "low"
blocking = "yes"
)T") == "rules.toml:6:12: rules[x].blocking: expected a boolean, got a string");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "(a)"
secret_group = 2
severity = "low"
)T") == "rules.toml:5:16: rules[x].secret_group: group 2 does not exist; the regex has 1 "
        "capturing group(s)");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a*"
severity = "low"
)T") == "rules.toml:4:9: rules[x].regex: matches the empty string");

    CHECK(parse_error(R"T([[rules]]
description = "d"
)T") == "rules.toml:1:1: rules[0].id: required key is missing");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "low"
[rules.allowlist]
regexes = ["[z-a]"]
)T") == "rules.toml:7:12: rules[x].allowlist.regexes: invalid regex: invalid character class "
        "range: z-a");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "a"
severity = "low"
[rules.examples]
positive = [{ txt = "a" }]
)T")
              .starts_with("rules.toml:7:"));

    CHECK(parse_error("[[rules]\n").starts_with("rules.toml:1:"));
    CHECK(parse_error("rules = 3\n") ==
          "rules.toml:1:9: rules: expected an array of tables ([[rules]])");
    CHECK(parse_error("title = \"t\"\n") == "rules.toml:1:1: rules: no [[rules]] tables");
}

TEST_CASE("scan orders matches by line, column and rule id and maps buffer lines", "[rules]") {
    const RuleSet rules = RuleSet::parse(kTwoRules, "mem.toml");
    REQUIRE(rules.rules().size() == 2);
    CHECK(rules.find("alpha") != nullptr);
    CHECK(rules.find("gamma") == nullptr);

    // Added lines 10, 11 and 40 of a file, joined: matches carry file line numbers.
    const std::string text = "xx bb12 aa AA\nnothing\naa bbb7 aa";
    const std::vector<std::uint32_t> lines = {10, 11, 40};
    const auto matches = rules.scan(ScanInput{"f.txt", "", text, lines});
    REQUIRE(matches.size() == 5);
    CHECK(matches[0].rule->id == "beta");
    CHECK(matches[0].line == 10);
    CHECK(matches[0].column == 4);
    CHECK(matches[0].match == "bb12");
    CHECK(matches[0].secret == std::string_view("12"));
    CHECK(matches[0].lineText == "xx bb12 aa AA");
    CHECK(matches[1].rule->id == "alpha");
    CHECK(matches[1].line == 10);
    CHECK(matches[1].column == 9);
    CHECK_FALSE(matches[1].secret.has_value());
    CHECK(matches[2].line == 40);
    CHECK(matches[2].column == 1);
    CHECK(matches[2].rule->id == "alpha");
    CHECK(matches[3].column == 4);
    CHECK(matches[3].rule->id == "beta");
    CHECK(matches[4].column == 9);

    // Without line numbers the buffer is the whole file.
    const auto whole = rules.scan(ScanInput{"f.txt", "", text, {}});
    REQUIRE(whole.size() == 5);
    CHECK(whole[4].line == 3);

    std::vector<std::string> streamed;
    rules.scan(ScanInput{"f.txt", "", text, {}},
               [&](const RuleMatch& m) { streamed.push_back(m.rule->id); });
    CHECK(streamed == std::vector<std::string>{"beta", "alpha", "alpha", "beta", "alpha"});
}

TEST_CASE("keywords, languages, path globs, stopwords, regexes and entropy filter matches",
          "[rules]") {
    const RuleSet rules = RuleSet::parse(R"T(
[[rules]]
id = "kw"
description = "keyword-gated"
regex = '''\bv=(\w+)'''
secret_group = 1
keywords = ["Token"]
severity = "high"
[rules.allowlist]
paths = ["docs/**", "*.md"]
stopwords = ["Dummy"]
regexes = ['''^0+$''']

[[rules]]
id = "py-only"
description = "language-gated"
regex = '''\bprint\('''
severity = "low"
languages = ["python"]

[[rules]]
id = "entropy"
description = "entropy-gated"
regex = '''\bk:([a-z0-9]{8,})'''
secret_group = 1
min_entropy = 2.5
severity = "medium"
)T",
                                         "mem.toml");
    const auto ids = [&](std::string_view text, std::string_view path, std::string_view lang) {
        std::vector<std::string> out;
        for (const auto& m : rules.scan(ScanInput{path, lang, text, {}})) {
            out.push_back(m.rule->id);
        }
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(ids("TOKEN v=abc", "a.c", "") == V{"kw"});
    CHECK(ids("other v=abc", "a.c", "").empty());         // keyword not on the line
    CHECK(ids("token\nv=abc", "a.c", "").empty());        // ... even if elsewhere in the buffer
    CHECK(ids("token v=abc", "docs/x/y.c", "").empty());  // path allowlist
    CHECK(ids("token v=abc", "README.md", "").empty());
    CHECK(ids("token v=my_dummy_value", "a.c", "").empty());  // stopword, case-insensitive
    CHECK(ids("token v=0000", "a.c", "").empty());            // allowlist regex on the secret
    CHECK(ids("print(x)", "a.py", "python") == V{"py-only"});
    CHECK(ids("print(x)", "a.js", "javascript").empty());
    CHECK(ids("print(x)", "a", "").empty());
    CHECK(ids("k:aaaaaaaaaa", "a", "").empty());  // entropy 0
    CHECK(ids("k:a1b2c3d4e5", "a", "") == V{"entropy"});
}

TEST_CASE("a secret captured by two rules is reported by the earlier rule only", "[rules]") {
    const RuleSet rules = RuleSet::parse(R"T(
[[rules]]
id = "specific"
description = "s"
regex = '''\b(tok_[a-z]+)'''
secret_group = 1
severity = "critical"

[[rules]]
id = "generic"
description = "g"
regex = '''key = "([^"]+)"'''
secret_group = 1
severity = "high"
)T",
                                         "mem.toml");
    auto found = test::scan_text(rules, "key = \"tok_abc\"");
    REQUIRE(found.size() == 1);
    CHECK(found[0].rule->id == "specific");
    found = test::scan_text(rules, "key = \"xtok_abc\"");
    REQUIRE(found.size() == 1);
    CHECK(found[0].rule->id == "generic");
}

TEST_CASE("patterns are line-anchored and never span lines", "[rules]") {
    const RuleSet rules = RuleSet::parse(R"T(
[[rules]]
id = "marker"
description = "m"
regex = '''^<{7} '''
severity = "high"

[[rules]]
id = "span"
description = "s"
regex = '''begin\s+end'''
severity = "low"
)T",
                                         "mem.toml");
    const auto found = test::scan_text(rules, "x <<<<<<< a\n<<<<<<< b\r\nbegin\nend\nbegin  end\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0].rule->id == "marker");
    CHECK(found[0].line == 2);
    CHECK(found[0].lineText == "<<<<<<< b");
    CHECK(found[1].rule->id == "span");
    CHECK(found[1].line == 5);
}

TEST_CASE("pathological inputs finish (RE2 is linear, no timing assertion)", "[rules]") {
    const RuleSet security = test::load_rules("lenses/security/rules.toml");
    const RuleSet style = test::load_rules("lenses/style/rules.toml");
    const std::string line_of_a(1 << 20, 'a');
    CHECK(security.scan(ScanInput{"big.txt", "", line_of_a, {}}).empty());
    CHECK(style.scan(ScanInput{"big.py", "python", line_of_a, {}}).empty());

    // Nested, almost-matching shapes that make a backtracking engine explode.
    std::string nested;
    for (int i = 0; i < 20000; ++i) {
        nested += "password = \"aaaaaaaaaaaaaaaaaaaa";  // never closed
    }
    nested += "\n";
    for (int i = 0; i < 20000; ++i) {
        nested += "eyJaaaaaaaaaaaa.eyJ";
    }
    nested += "\nhttps://u:";
    nested += std::string(100000, ':');
    nested += "\n" + std::string(200000, '=') + "\n";
    CHECK_NOTHROW(security.scan(ScanInput{"n.py", "python", nested, {}}));
    CHECK_NOTHROW(style.scan(ScanInput{"n.py", "python", nested, {}}));

    // A buffer of many short lines, with one real match at the end.
    std::string many;
    for (int i = 0; i < 100000; ++i) {
        many += "x = y + z\n";
    }
    many += "<<<<<<< HEAD\n";
    const auto found = style.scan(ScanInput{"m.txt", "", many, {}});
    REQUIRE(found.size() == 1);
    CHECK(found[0].line == 100001);
}

TEST_CASE("one rule set scans from several threads with the same results", "[rules]") {
    const RuleSet security = test::load_rules("lenses/security/rules.toml");
    std::string text;
    for (int i = 0; i < 200; ++i) {
        text += "password = \"FAKEd!D9i#ME%eq6iTqTfibBb5z6\"\nurl = \"redis://u:FAKEpw123@h\"\n";
    }
    const auto expected = security.scan(ScanInput{"a.py", "python", text, {}});
    REQUIRE(expected.size() == 400);
    std::vector<std::size_t> counts(4, 0);
    std::vector<std::thread> threads;
    threads.reserve(counts.size());
    for (std::size_t& count : counts) {
        threads.emplace_back([&, &slot = count] {
            for (int round = 0; round < 5; ++round) {
                const auto found = security.scan(ScanInput{"a.py", "python", text, {}});
                bool same = found.size() == expected.size();
                for (std::size_t i = 0; same && i < found.size(); ++i) {
                    same = found[i].rule == expected[i].rule && found[i].line == expected[i].line;
                }
                if (same) {
                    ++slot;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    CHECK(counts == std::vector<std::size_t>(4, 5));
}

TEST_CASE("rules files compiled together keep their lens, and ids stay unique across them",
          "[rules]") {
    const std::string first =
        "[[rules]]\nid = \"one\"\ndescription = \"d\"\nregex = \"one\"\n"
        "severity = \"low\"\n";
    const std::string second =
        "[[rules]]\nid = \"two\"\ndescription = \"d\"\nregex = \"two\"\n"
        "severity = \"low\"\n";
    const RuleSource sources[] = {{first, "a/rules.toml", "a"}, {second, "b/rules.toml", "b"}};
    const RuleSet set = RuleSet::parse(sources);
    REQUIRE(set.rules().size() == 2);
    CHECK(set.rules()[0].lens == "a");
    CHECK(set.rules()[1].lens == "b");
    CHECK(set.source() == "a/rules.toml+b/rules.toml");
    // One set pass finds the candidates of both files.
    const auto found = set.scan(ScanInput{"x.txt", "", "one two\n", {}});
    REQUIRE(found.size() == 2);
    CHECK(found[0].rule->id == "one");
    CHECK(found[1].rule->id == "two");

    const RuleSource clash[] = {{first, "a/rules.toml", "a"}, {first, "b/rules.toml", "b"}};
    try {
        RuleSet::parse(clash);
        FAIL("a duplicate id across files was accepted");
    } catch (const RuleError& e) {
        CHECK(std::string(e.what()) == "b/rules.toml:2:6: rules[one].id: duplicate rule id");
    }
}

TEST_CASE("the built-in rule lenses' files compile together", "[rules]") {
    static constexpr std::string_view kLenses[] = {"security", "style"};
    const RuleSet set = RuleSet::from_embedded_lenses(kLenses);
    std::size_t security = 0, style = 0;
    for (const Rule& r : set.rules()) {
        if (r.lens == "security") {
            ++security;
        }
        if (r.lens == "style") {
            ++style;
        }
    }
    CHECK(security == RuleSet::from_embedded("lenses/security/rules.toml").rules().size());
    CHECK(style == RuleSet::from_embedded("lenses/style/rules.toml").rules().size());
    CHECK(security + style == set.rules().size());
}

TEST_CASE("changes_only is a boolean rule key, false unless set", "[rules]") {
    const std::string base =
        "[[rules]]\nid = \"x\"\ndescription = \"d\"\nregex = \"x\"\n"
        "severity = \"low\"\n";
    CHECK_FALSE(RuleSet::parse(base, "rules.toml").rules()[0].changesOnly);
    CHECK(RuleSet::parse(base + "changes_only = true\n", "rules.toml").rules()[0].changesOnly);
    CHECK(parse_error(base + "changes_only = \"yes\"\n") ==
          "rules.toml:6:16: rules[x].changes_only: expected a boolean, got a string");
    const RuleSet builtin = RuleSet::from_embedded("lenses/style/rules.toml");
    CHECK(builtin.find("debug-console-log")->changesOnly);
    CHECK_FALSE(builtin.find("debug-debugger-statement")->changesOnly);
}

TEST_CASE("prefilter keys: parse errors name the key", "[rules]") {
    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "ab"
prefilter_regex = "a(b"
severity = "low"
)T") == "rules.toml:5:19: rules[x].prefilter_regex: invalid regex: missing ): a(b");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "ab"
prefilter_regex = "b?"
severity = "low"
)T") == "rules.toml:5:19: rules[x].prefilter_regex: matches the empty string");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "ab"
keywords = ["ab"]
prefilter = "keywords"
prefilter_regex = "b"
severity = "low"
)T") == "rules.toml:7:19: rules[x].prefilter_regex: conflicts with prefilter = \"keywords\"");

    CHECK(parse_error(R"T([[rules]]
id = "x"
description = "d"
regex = "ab"
prefilter = "keywords"
severity = "low"
)T") == "rules.toml:5:13: rules[x].prefilter: needs keywords");
}

TEST_CASE("prefilter_regex is what the set looks for, the regex alone decides the finding",
          "[rules]") {
    const RuleSet rules = RuleSet::parse(R"T(
[[rules]]
id = "loose"
description = "the set looks from key= on"
regex = '''\bid_[a-z]*key=(\w{6,})'''
prefilter_regex = '''key=\w{6}'''
secret_group = 1
severity = "high"

[[rules]]
id = "wrong"
description = "a prefilter that cannot match hides the rule: what the examples guard against"
regex = '''\bqq[0-9]+'''
prefilter_regex = '''zz'''
severity = "low"
)T",
                                         "mem.toml");
    const auto found = [&](std::string_view text) {
        std::vector<std::string> out;
        for (const auto& m : rules.scan(ScanInput{"a.c", "", text, {}})) {
            out.push_back(m.rule->id + ":" + std::string(m.secret.value_or(m.match)));
        }
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(found("x = id_apikey=Zq81Lm0") == V{"loose:Zq81Lm0"});
    CHECK(found("x = other_key=Zq81Lm0").empty());  // the prefilter matches, the regex does not
    CHECK(found("qq123").empty());
    CHECK(found("qq123 zz") == V{"wrong:qq123"});
}

TEST_CASE("a keyword-prefiltered rule finds on keyword lines what its regex finds there",
          "[rules]") {
    // The same rule twice: gated by its keywords (its regex runs on keyword lines only) and in
    // the shared set (its regex runs over the whole buffer). Both must report the same.
    const std::string rule = R"T(
[[rules]]
id = "hex"
description = "an 8-digit hex value on a line saying hex"
regex = '''(?:^|[^a-z0-9])([0-9a-f]{8})(?:[^a-z0-9]|$)'''
secret_group = 1
keywords = ["hex"]
severity = "high"
)T";
    const RuleSet gated = RuleSet::parse(rule + "prefilter = \"keywords\"\n", "gated.toml");
    const RuleSet plain = RuleSet::parse(rule, "plain.toml");
    const std::string text =
        "deadbeef hex\n"                       // at the start of a keyword line
        "nohit 7c0ffee5\n"                     // no keyword: nothing
        "HEX 0badf00d 9f8e7d6cx a1b2c3d4\r\n"  // two of three (x ends no value), CRLF
        "hex\n"
        "3e4f5a6b at the start of the line after a keyword line\n"
        "0badcafe hex";  // the last line, without '\n'
    const auto found = [&](const RuleSet& rules) {
        std::vector<std::string> out;
        for (const auto& m : rules.scan(ScanInput{"a.c", "", text, {}})) {
            out.push_back(std::to_string(m.line) + ":" + std::to_string(m.column) + ":" +
                          std::string(m.secret.value_or("")));
        }
        return out;
    };
    using V = std::vector<std::string>;
    const V expected{"1:1:deadbeef", "3:4:0badf00d", "3:23:a1b2c3d4", "6:1:0badcafe"};
    CHECK(found(plain) == expected);
    CHECK(found(gated) == expected);
}
