#include "lenses/own_rules.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include "lenses/builtin.hpp"
#include "plan/exclude.hpp"
#include "rules/example_check.hpp"
#include "settings/config_error.hpp"
#include "util/source_error.hpp"

namespace qa::lenses {
namespace {

/// The sub-lens of an own rule that names none (`sub_lens`): a rule for every file runs with
/// the credential rules, one for some languages with the unsafe-code rules.
std::string default_sub_lens(const rules::Rule& rule) {
    return rule.languages.empty() ? "secrets" : "unsafe-code";
}

/// A rules error is a configuration error: the user wrote the file (exit 2, not 3). The same
/// position and key; the problem without the prefix SourceError put in front of it.
[[noreturn]] void rethrow_as_config(const rules::RuleError& e) {
    const std::string prefix = util::SourceError::position(e.file(), e.line(), e.column()) + ": " +
                               (e.key().empty() ? "" : e.key() + ": ");
    const std::string what = e.what();
    throw settings::ConfigError(e.file(), e.line(), e.column(), e.key(),
                                what.starts_with(prefix) ? what.substr(prefix.size()) : what);
}

/// The line of `id = "<rule_id>"` in a rules file, where an example problem is reported; 1 when
/// it cannot be found.
std::uint32_t line_of_rule(std::string_view text, const std::string& rule_id) {
    std::uint32_t line = 1;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        const std::string_view l = text.substr(start, end - start);
        if (l.starts_with("id") && (l.find("\"" + rule_id + "\"") != std::string_view::npos ||
                                    l.find("'" + rule_id + "'") != std::string_view::npos)) {
            return line;
        }
        ++line;
        start = end + 1;
    }
    return 1;
}

}  // namespace

std::vector<rules::RuleSource> own_rule_sources(std::span<const settings::RulesFile> files) {
    std::vector<rules::RuleSource> out;
    for (const auto& f : files) {
        rules::RuleSource source{f.text, f.path, "security"};
        source.defaultSubLens = default_sub_lens;
        out.push_back(std::move(source));
    }
    return out;
}

std::shared_ptr<const Catalog> lenses_for(std::span<const settings::RulesFile> files,
                                          const plan::Registry& registry) {
    try {
        const auto sources = own_rule_sources(files);
        return make_catalog(registry, sources);
    } catch (const rules::RuleError& e) {
        rethrow_as_config(e);
    }
}

std::set<std::string> own_rule_ids(std::span<const settings::RulesFile> files) {
    std::set<std::string> ids;
    for (const auto& f : files) {
        try {
            const auto set = rules::RuleSet::parse(f.text, f.path);  // outlives the loop
            for (const auto& r : set.rules()) {
                ids.insert(r.id);
            }
        } catch (const rules::RuleError& e) {
            rethrow_as_config(e);
        }
    }
    return ids;
}

void check_own_rules(std::span<const settings::RulesFile> files, const plan::Registry& registry) {
    for (const auto& f : files) {
        try {
            const auto set = rules::RuleSet::parse(f.text, f.path);
            // The first problem is the error: a config error names one location.
            const auto problems = rules::check_examples(set);
            if (!problems.empty()) {
                const auto& problem = problems.front();
                throw settings::ConfigError(f.path, line_of_rule(f.text, problem.ruleId), 1,
                                            "rules." + problem.ruleId + ".examples",
                                            problem.problem);
            }
        } catch (const rules::RuleError& e) {
            rethrow_as_config(e);
        }
    }
    if (!files.empty()) {
        // Together with the built-in rules: an id used twice is an error there.
        (void)lenses_for(files, registry);
    }
}

std::vector<std::string> own_rules_notes(std::span<const settings::RulesFile> files,
                                         const std::vector<std::string>& exclude,
                                         const std::vector<std::string>& security_exclude) {
    std::vector<std::string> notes;
    const plan::ExcludeFilter excluded(exclude);
    const plan::ExcludeFilter lens_excluded(security_exclude);
    for (const auto& f : files) {
        if (excluded.excluded(f.path) || lens_excluded.excluded(f.path)) {
            continue;
        }
        try {
            const auto set = rules::RuleSet::parse(f.text, f.path);
            std::set<std::string> ids;
            for (const auto& m : set.scan(rules::ScanInput{f.path, "", f.text, {}})) {
                ids.insert(m.rule->id);
            }
            if (ids.empty()) {
                continue;
            }
            std::string named;
            for (const auto& id : ids) {
                named += (named.empty() ? "" : ", ") + id;
            }
            notes.push_back(
                f.path + ": the security lens will report its own positive examples as findings (" +
                named +
                ") once it is committed. Write one character of each example as a TOML escape "
                "(\\u005f for _), which the rules read and the scan does not see, as qa-skill's "
                "own lenses/security/rules.toml does; or leave the file out of that lens: "
                "[lenses.security] exclude = [\"" +
                f.path + "\"]");
        } catch (const rules::RuleError& e) {
            rethrow_as_config(e);
        }
    }
    return notes;
}

}  // namespace qa::lenses
