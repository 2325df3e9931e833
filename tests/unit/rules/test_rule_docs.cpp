// doc/rule-list.md is generated from the rule data (lenses/*/rules.toml, the hygiene checks and
// the lenses' built-in rules, as rules::builtin_rules() reads them): this test renders it and
// fails when the committed file differs, so the list cannot drift from the rules the binaries
// run. QA_UPDATE_DOCS=1 writes the file instead (then review and commit it).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rules/catalog.hpp"

namespace {

/// Table cell text: one line, no '|' that would end the cell.
std::string cell(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') {
            out += "\\|";
        } else if (c == '\n') {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

std::string render_rule_list() {
    const auto rules = qa::rules::builtin_rules();
    std::map<std::string, std::vector<const qa::rules::RuleInfo*>> by_lens;
    for (const auto& [id, info] : rules) {
        by_lens[info.tags.empty() ? "other" : info.tags.front()].push_back(&info);
    }
    std::ostringstream out;
    out << "# Rule list\n\n"
        << "<!-- Generated from the rule data by tests/unit/rules/test_rule_docs.cpp; do not "
           "edit.\n"
        << "     Regenerate: QA_UPDATE_DOCS=1 build/release/tests/qa-skill-unit-tests "
           "'[rule-docs]' -->\n\n"
        << "Every built-in rule, by the lens that reports it: " << rules.size()
        << " rules. The id is what a suppression directive (`qa-skill: allow <id> -- <reason>`)"
        << " and a `[rules.<id>]` table name; \"blocks\" is the rule's own `blocking`, which a"
        << " lens's `block_at` replaces (see [Rules](rules.md) and the"
        << " [configuration reference](configuration.md)).\n";
    for (const auto& [lens, infos] : by_lens) {
        out << "\n## " << lens << " (" << infos.size() << ")\n\n"
            << "| id | severity | blocks | applies to | finds | fix |\n"
            << "|---|---|---|---|---|---|\n";
        for (const auto* info : infos) {
            std::string applies;
            for (std::size_t i = 1; i < info->tags.size(); ++i) {
                applies += (applies.empty() ? "" : ", ") + info->tags[i];
            }
            out << "| `" << info->id << "` | " << info->severity << " | "
                << (info->blocking ? "yes" : "no") << " | "
                << (applies.empty() ? "all files" : cell(applies)) << " | "
                << cell(info->description) << " | " << cell(info->fix) << " |\n";
        }
    }
    return out.str();
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("doc/rule-list.md is the rule list the rule data gives", "[rule-docs][docs]") {
    const std::string path = std::string(QA_SOURCE_DIR) + "/doc/rule-list.md";
    const std::string rendered = render_rule_list();
    const char* update = std::getenv("QA_UPDATE_DOCS");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << rendered;
    }
    const std::string committed = read_file(path);
    INFO(
        "regenerate with QA_UPDATE_DOCS=1 build/release/tests/qa-skill-unit-tests "
        "'[rule-docs]', then review and commit doc/rule-list.md");
    CHECK(committed == rendered);
    // Every rule id is in the file once as a row (a duplicate id would be a second row).
    for (const auto& id : qa::rules::builtin_rule_ids()) {
        CHECK(committed.find("| `" + id + "` |") != std::string::npos);
    }
}
