// The configuration reference cannot drift from the parser. The keys the parser accepts are
// learnt from the parser itself, through the binary: a probe key in each kind of table makes
// `qa-skill config check` fail with "unknown key; expected one of ..." (the keys that table
// takes). The documented keys are read from doc/configuration.md's table and from the
// qa-skill.toml(5) page's source. Each accepted key must be documented in both, and each
// documented key must be accepted.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::read_bytes;

namespace {

using Keys = std::map<std::string, std::set<std::string>>;  // table -> keys; "" is the root

/// `[providers.<bindingId>]` and `[lenses.<id>]` name the same placeholder.
std::string normalize_table(const std::string& table) {
    return std::regex_replace(table, std::regex("<[^>]*>"), "<id>");
}

/// Keys of doc/configuration.md: the first column of each row of its key table, e.g.
/// "`[lenses.<id>] max_input_tokens`, `max_output_tokens`" or "`run_mode`".
Keys documented_in_markdown(const std::string& page) {
    Keys out;
    std::istringstream lines(page);
    const std::regex first_cell(R"(^\| (`[^|]*`) \|)");
    const std::regex table_prefix(R"(^\[\[?([^\]]+)\]\]? )");
    const std::regex code("`([^`]+)`");
    for (std::string line; std::getline(lines, line);) {
        std::smatch cell;
        if (!std::regex_search(line, cell, first_cell)) {
            continue;
        }
        const std::string text = cell[1];
        std::string table;
        bool first = true;
        for (std::sregex_iterator it(text.begin(), text.end(), code), end; it != end; ++it) {
            std::string key = (*it)[1];
            std::smatch prefix;
            if (first && std::regex_search(key, prefix, table_prefix)) {
                table = normalize_table(prefix[1]);
                key = prefix.suffix();
            }
            first = false;
            out[table].insert(key);
        }
    }
    return out;
}

/// Keys of man/qa-skill.toml.5.scd: the terms (lines starting with '*') of the sections
/// "TOP-LEVEL KEYS" and "[table]", e.g. "*max_input_tokens*, *max_output_tokens* = _integer_".
Keys documented_in_man_page(const std::string& source) {
    Keys out;
    std::istringstream lines(source);
    std::optional<std::string> table;
    const std::regex term(R"(\*([a-z_]+)\*)");
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("# ", 0) == 0) {
            const std::string title = line.substr(2);
            if (title == "TOP-LEVEL KEYS") {
                table = "";
            } else if (title.rfind('[', 0) == 0) {
                table = normalize_table(
                    title.substr(title.rfind('[') + 1, title.find(']') - title.rfind('[') - 1));
            } else {
                table.reset();
            }
            continue;
        }
        if (!table || line.rfind('*', 0) != 0) {
            continue;
        }
        const std::string names = line.substr(0, line.find(" = "));
        for (std::sregex_iterator it(names.begin(), names.end(), term), end; it != end; ++it) {
            out[*table].insert((*it)[1]);
        }
    }
    return out;
}

/// The keys a table accepts, as `qa-skill config check` names them for an unknown key.
std::set<std::string> accepted_keys(const HookSandbox& sb, const std::string& config) {
    const fs::path file = sb.root() / "probe.qa-skill.toml";
    qa::test::write_file(file, config);
    const auto r = sb.qa(sb.root(), "config check " + qa::test::shell_quote(file.string()));
    INFO(config << "\n" << r.describe());
    REQUIRE(r.exit_code == 2);
    REQUIRE(r.err.find("zz_probe") != std::string::npos);
    std::set<std::string> out;
    if (r.err.find("this table takes no keys") != std::string::npos) {
        return out;
    }
    const auto list = r.err.find("unknown key; expected one of ");
    if (list != std::string::npos) {
        const std::string names = r.err.substr(list, r.err.find('\n', list) - list);
        const std::regex quoted("\"([^\"]+)\"");
        for (std::sregex_iterator it(names.begin(), names.end(), quoted), end; it != end; ++it) {
            out.insert((*it)[1]);
        }
    } else {
        // The phase lens's options: "unknown option; expected a, b, ... or c".
        const auto options = r.err.find("unknown option; expected ");
        REQUIRE(options != std::string::npos);
        const std::string names =
            r.err.substr(options + 25, r.err.find('\n', options) - options - 25);
        const std::regex word("[a-z_]+");
        for (std::sregex_iterator it(names.begin(), names.end(), word), end; it != end; ++it) {
            if ((*it)[0] != "or") {
                out.insert((*it)[0]);
            }
        }
    }
    REQUIRE_FALSE(out.empty());
    return out;
}

/// `key` of `table` is a sub-table that the documentation describes table by table.
bool documented_as_table(const Keys& documented, const std::string& table, const std::string& key) {
    const std::string sub = table.empty() ? key : table + "." + key;
    for (const auto& [name, keys] : documented) {
        if (name == sub || name.rfind(sub + ".", 0) == 0 ||
            normalize_table(name) == normalize_table(sub + ".<id>") ||
            name.rfind(sub + ".<id>", 0) == 0) {
            return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE(
    "every configuration key the parser accepts is documented, and every documented "
    "key is accepted",
    "[docs][config]") {
    HookSandbox sb;
    struct Probe {
        std::string table;  // as the documentation names it
        std::string config;
    };
    const std::vector<Probe> probes = {
        {"", "zz_probe = 1\n"},
        {"budget", "[budget]\nzz_probe = 1\n"},
        {"lenses.<id>", "[lenses.security]\nzz_probe = 1\n"},
        {"lenses.<id>",
         "[lenses.my-lens]\nkind = \"external\"\nclass = \"consistency\"\nzz_probe = 1\n"},
        // The consistency lens takes every lens's keys and its rubric's.
        {"lenses.consistency", "[lenses.consistency]\nzz_probe = 1\n"},
        {"lenses.<id>.<id>", "[lenses.security.model-review]\nzz_probe = 1\n"},
        {"lenses.style.options", "[lenses.style.options]\nzz_probe = 1\n"},
        {"lenses.security.options", "[lenses.security.options]\nzz_probe = 1\n"},
        {"lenses.architecture.options", "[lenses.architecture.options]\nzz_probe = 1\n"},
        {"rules.<id>", "[rules.aws-access-key-id]\nzz_probe = 1\n"},
        {"providers.<id>",
         "[providers.p]\nadapter = \"openai-codex\"\nmodel = \"m\"\napi_key_env = \"K\"\n"
         "zz_probe = 1\n"},
        {"permission_profiles.<id>", "[permission_profiles.exec_sandboxed]\nzz_probe = 1\n"},
        {"architecture", "[architecture]\nzz_probe = 1\n"},
        {"architecture.layers",
         "[[architecture.layers]]\nname = \"a\"\nfrom = [\"a/**\"]\ndeny = [\"b/**\"]\n"
         "zz_probe = 1\n"},
        {"lenses.phase.options", "[lenses.phase.options]\nzz_probe = 1\n"},
        {"cache", "[cache]\nzz_probe = 1\n"},
    };
    Keys accepted;
    for (const auto& probe : probes) {
        const auto keys = accepted_keys(sb, probe.config);
        accepted[probe.table].insert(keys.begin(), keys.end());
    }

    const fs::path source = QA_SOURCE_DIR;
    const std::map<std::string, Keys> documents = {
        {"doc/configuration.md",
         documented_in_markdown(read_bytes(source / "doc/configuration.md"))},
        {"man/qa-skill.toml.5.scd",
         documented_in_man_page(read_bytes(source / "man/qa-skill.toml.5.scd"))},
    };
    for (const auto& [name, documented] : documents) {
        INFO("in " << name);
        REQUIRE(documented.count("") == 1);
        for (const auto& [table, keys] : accepted) {
            for (const auto& key : keys) {
                INFO("the parser accepts [" << table << "] " << key << ", which is not documented");
                const auto it = documented.find(table);
                // A lens of its own table also takes every lens's keys ([lenses.<id>]).
                const auto every = documented.find("lenses.<id>");
                const bool lens_key = table.rfind("lenses.", 0) == 0 &&
                                      table.find('.', 7) == std::string::npos &&
                                      every != documented.end() && every->second.count(key) == 1;
                CHECK(((it != documented.end() && it->second.count(key) == 1) || lens_key ||
                       documented_as_table(documented, table, key)));
            }
        }
        for (const auto& [table, keys] : documented) {
            INFO("documented table [" << table << "] is not probed by this test");
            REQUIRE(accepted.count(table) == 1);
            for (const auto& key : keys) {
                INFO("[" << table << "] " << key << " is documented, but the parser rejects it");
                CHECK(accepted.at(table).count(key) == 1);
            }
        }
    }
}
