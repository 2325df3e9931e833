#include "rules/catalog.hpp"

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/hygiene.hpp"
#include "rules/rule_set.hpp"
#include "rules/shown_example.hpp"

namespace qa::rules {
namespace {

/// The lenses whose rules are data (lenses/<id>/rules.toml).
constexpr std::array<std::string_view, 2> kRuleLenses = {"security", "style"};

constexpr std::string_view kBuiltIn = "built-in";

/// The facts every rule has; the others are set by the caller.
RuleInfo info_of(std::string id, std::string description, std::string fix, std::string severity,
                 bool blocking, std::vector<std::string> tags) {
    RuleInfo info;
    info.id = std::move(id);
    info.description = std::move(description);
    info.fix = std::move(fix);
    info.severity = std::move(severity);
    info.blocking = blocking;
    info.tags = std::move(tags);
    return info;
}

/// What the rules of `set` say about themselves, from `origin`.
void add_set(std::map<std::string, RuleInfo>& out, const RuleSet& set, const std::string& origin,
             ReadExamples examples) {
    for (const auto& r : set.rules()) {
        RuleInfo info = info_of(r.id, r.description, r.fix, r.severity, r.blocking, {r.lens});
        info.tags.insert(info.tags.end(), r.languages.begin(), r.languages.end());
        info.lens = r.lens;
        info.subLens = r.subLens;
        info.languages = r.languages;
        info.origin = origin;
        if (examples == ReadExamples::yes) {
            info.example = shown_example(set, r);
        }
        out.emplace(r.id, std::move(info));
    }
}

/// A rule that is code in its lens, not data; its example says what it reports.
RuleInfo code_rule(RuleInfo info, std::string lens, std::string sub_lens, std::string example,
                   ReadExamples examples) {
    info.lens = std::move(lens);
    info.subLens = std::move(sub_lens);
    info.origin = kBuiltIn;
    if (examples == ReadExamples::yes) {
        info.example = std::move(example);
    }
    return info;
}

/// What each hygiene check reports, for `qa-skill rules show` (the checks are code).
std::string hygiene_example(std::string_view id) {
    if (id == "trailing-whitespace") {
        return "x = 1   (a line ending in spaces)";
    }
    if (id == "mixed-indentation") {
        return "a line indented with a space, then a tab";
    }
    if (id == "missing-final-newline") {
        return "a file whose last line has no '\\n'";
    }
    if (id == "crlf-in-lf-file") {
        return "one line ending in \\r\\n in a file of \\n lines";
    }
    if (id == "oversize-file") {
        return "a 5 MB video added to the repository (default limit 1 MiB)";
    }
    return "dist/app.min.js, node_modules/x/index.js, main.o";
}

}  // namespace

std::map<std::string, RuleInfo> builtin_rules(ReadExamples examples) {
    std::map<std::string, RuleInfo> out;
    const auto set = RuleSet::from_embedded_lenses(kRuleLenses, examples == ReadExamples::yes);
    add_set(out, set, std::string(kBuiltIn), examples);
    for (const auto& h : hygiene_rules()) {
        out.emplace(
            std::string(h.id),
            code_rule(info_of(std::string(h.id), std::string(h.description), std::string(h.fix),
                              std::string(h.severity), h.blocking, {"style", "hygiene"}),
                      "style", "hygiene", hygiene_example(h.id), examples));
    }
    // Rules that are code in their lens, not data.
    out.emplace("layer-violation",
                code_rule(info_of("layer-violation",
                                  "An import that a layer rule of .qa-skill.toml forbids.",
                                  "Depend on an allowed layer instead, or change the layer rule "
                                  "in .qa-skill.toml.",
                                  "high", true, {"architecture"}),
                          "architecture", "layering",
                          "#include \"cli/args.hpp\" in src/core/, where a layer rule forbids "
                          "core -> cli",
                          examples));
    out.emplace("unused-suppression",
                code_rule(info_of("unused-suppression",
                                  "An inline qa-skill: allow directive that suppresses no "
                                  "finding.",
                                  "Remove the directive, or name the rule it is for.", "low", false,
                                  {"suppression"}),
                          "", "",
                          "x = 1  # qa-skill: allow generic-api-key -- not a key (nothing "
                          "found on the line)",
                          examples));
    out.emplace("gate-weakened",
                code_rule(info_of("gate-weakened",
                                  "A change that weakens the gate itself: a lens or rule turned "
                                  "off, files excluded, findings accepted by the baseline, an "
                                  "inline suppression.",
                                  "Nothing to fix if it is intended: it is shown so that a "
                                  "reviewer sees it. Otherwise undo the change.",
                                  "low", false, {"gate"}),
                          "gate", "", "[lenses.security] enabled = false, added to .qa-skill.toml",
                          examples));
    out.emplace("invalid-suppression",
                code_rule(info_of("invalid-suppression",
                                  "An inline qa-skill: allow directive that is malformed, gives "
                                  "no reason or names no known rule, and so suppresses nothing.",
                                  "Write `qa-skill: allow <rule-id> -- <reason>` in a comment, "
                                  "with the rule id the report shows.",
                                  "medium", false, {"suppression"}),
                          "security", "secrets",
                          "token = read()  # qa-skill: allow generic-api-key (no ` -- <reason>`)",
                          examples));
    return out;
}

void add_rules(std::map<std::string, RuleInfo>& catalog, std::span<const RuleSource> extra,
               ReadExamples examples) {
    for (const RuleSource& source : extra) {
        // One file at a time, with its lens and default sub-lens, so each rule names its file.
        const auto set = RuleSet::parse(std::span<const RuleSource>(&source, 1));
        add_set(catalog, set, source.name, examples);
    }
}

std::set<std::string> builtin_rule_ids() {
    std::set<std::string> out;
    for (const auto& [id, info] : builtin_rules()) {
        out.insert(id);
    }
    return out;
}

}  // namespace qa::rules
