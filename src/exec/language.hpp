#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qa::exec {

/// A project's language as phase validation treats it (seed 004's, plus CMake projects).
enum class Language { javascript, typescript, python, go, rust, ruby, java, cmake };

std::string_view to_string(Language language);

/// Seed 004's `language` values and aliases ("js", "golang", ...); nullopt for anything else.
std::optional<Language> parse_language(std::string_view name);

/// The language the project files at `dir`'s root name, in a fixed order of precedence:
/// package.json (typescript with tsconfig.json), pyproject.toml/setup.py/requirements.txt,
/// go.mod, Cargo.toml, Gemfile, pom.xml/build.gradle(.kts), CMakeLists.txt.
std::optional<Language> detect_language(const std::filesystem::path& dir);

/// Whether a regular file of that name is at the project's root (a directory on disk, or the
/// tree under test read from git).
using HasRootFile = std::function<bool(std::string_view name)>;

/// detect_language() on any tree.
std::optional<Language> detect_language(const HasRootFile& has);

using Argv = std::vector<std::string>;

/// The commands of one check: run in order, the check passes when all exit 0 (and, for a
/// formatter that lists files, print nothing).
struct CheckCommands {
    std::vector<Argv> commands;
    bool outputIsFailure = false;  ///< gofmt -l: the files it lists are the issues
};

/// The default formatter, linter, build and test commands of a language, in check mode: no
/// command rewrites a file. Empty `commands` means the language has no such step (build) or no
/// default tool (the check then asks for a *_command). `changed_files` feeds the C/C++
/// formatter of CMake projects, which has no project-wide mode.
struct LanguageDefaults {
    CheckCommands formatter, linter, build, tests;
};
LanguageDefaults language_defaults(Language language, const std::filesystem::path& dir,
                                   std::span<const std::string> changed_files);
LanguageDefaults language_defaults(Language language, const HasRootFile& has,
                                   std::span<const std::string> changed_files);

/// Splits a `*_command` string into argv like a shell's word splitting with quotes and
/// backslashes, but nothing else: no variables, globs or operators. Throws std::invalid_argument
/// for an unbalanced quote or an unquoted shell operator (| & ; < > ` $( ), which would only
/// work under a shell.
Argv split_command(std::string_view text);

}  // namespace qa::exec
