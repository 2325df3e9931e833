#pragma once

// Small projects of other languages, made in the sandbox, for the consistency onboarding tests:
// conventions a reader sees at once (snake_case modules and functions, ES modules), held by
// enough files for the draft to make blocking rules of them.

#include <filesystem>
#include <string>

#include "support/hook_fixture.hpp"

namespace qa::test {

/// A Python package `app/` of twelve modules and its tests, in two commits: snake_case file and
/// function names, PascalCase classes, four-space indentation, absolute imports, `except` clauses
/// that name the exception, ValueError raised.
inline std::filesystem::path python_project(const HookSandbox& sb, const std::string& name) {
    auto repo = sb.repo_with_commit(name);
    const char* modules[] = {"accounts",  "billing", "catalog",  "checkout", "emails",   "invoices",
                             "inventory", "orders",  "payments", "reports",  "sessions", "users"};
    int i = 0;
    for (const std::string m : modules) {
        const std::string cls = std::string(1, static_cast<char>(m[0] - 'a' + 'A')) + m.substr(1);
        sb.add_file(repo, "app/" + m + "_service.py",
                    "from app import config\n\n\n"
                    "class " +
                        cls +
                        "Service:\n"
                        "    def __init__(self, store):\n"
                        "        self.store = store\n\n"
                        "    def load_" +
                        m +
                        "(self, key):\n"
                        "        try:\n"
                        "            return self.store[key]\n"
                        "        except KeyError:\n"
                        "            raise ValueError(\"no such " +
                        m +
                        "\")\n\n\n"
                        "def count_" +
                        m +
                        "(items):\n"
                        "    return len(items)\n");
        sb.add_file(repo, "tests/test_" + m + ".py",
                    "from app." + m + "_service import count_" + m +
                        "\n\n\n"
                        "def test_count_" +
                        m +
                        "():\n"
                        "    assert count_" +
                        m + "([1, 2]) == 2\n");
        if (++i == 6) {
            sb.commit(repo, "first services");
        }
    }
    sb.add_file(repo, "app/config.py", "def read_setting(name):\n    return name\n");
    sb.commit(repo, "more services");
    return repo;
}

/// A module with camelCase functions, enough to break the package's function-name convention.
inline void add_camel_module(const HookSandbox& sb, const std::filesystem::path& repo) {
    std::string text;
    for (const char* f : {"fetchUser", "saveUser", "dropUser", "listUsers", "findUser", "makeUser",
                          "moveUser", "copyUser", "markUser", "syncUser"}) {
        text += std::string("def ") + f + "(x):\n    return x\n\n\n";
    }
    sb.add_file(repo, "app/legacy_api.py", text);
}

/// An ES-module JavaScript project `src/` of eleven files with camelCase names and functions.
inline std::filesystem::path js_project(const HookSandbox& sb, const std::string& name) {
    auto repo = sb.repo_with_commit(name);
    const char* modules[] = {"apiClient", "cartStore", "dateFormat", "httpRetry",
                             "logger",    "money",     "orderList",  "priceTag",
                             "router",    "userCard",  "validators"};
    for (const std::string m : modules) {
        sb.add_file(repo, "src/" + m + ".js",
                    "import { format } from './dateFormat.js';\n\n"
                    "export function " +
                        m +
                        "Render(value) {\n"
                        "  const label = format(value);\n"
                        "  if (!label) {\n"
                        "    throw new Error('empty " +
                        m +
                        "');\n"
                        "  }\n"
                        "  return label;\n"
                        "}\n");
    }
    sb.add_file(repo, "package.json", "{\"name\": \"shop\", \"type\": \"module\"}\n");
    sb.commit(repo, "shop");
    return repo;
}

/// `.qa-skill.toml` enabling the consistency lens on frozen rubric `version`.
inline std::string consistency_config(int version) {
    return "[lenses.consistency]\nenabled = true\nrequired = true\nrubric_version = " +
           std::to_string(version) + "\n";
}

}  // namespace qa::test
