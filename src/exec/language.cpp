#include "exec/language.hpp"

#include <stdexcept>

namespace qa::exec {

namespace fs = std::filesystem;

std::string_view to_string(Language language) {
    switch (language) {
        case Language::javascript:
            return "javascript";
        case Language::typescript:
            return "typescript";
        case Language::python:
            return "python";
        case Language::go:
            return "go";
        case Language::rust:
            return "rust";
        case Language::ruby:
            return "ruby";
        case Language::java:
            return "java";
        case Language::cmake:
            return "cmake";
    }
    return "unknown";
}

std::optional<Language> parse_language(std::string_view name) {
    if (name == "javascript" || name == "js")
        return Language::javascript;
    if (name == "typescript" || name == "ts")
        return Language::typescript;
    if (name == "python" || name == "py")
        return Language::python;
    if (name == "go" || name == "golang")
        return Language::go;
    if (name == "rust" || name == "rs")
        return Language::rust;
    if (name == "ruby" || name == "rb")
        return Language::ruby;
    if (name == "java")
        return Language::java;
    if (name == "cmake")
        return Language::cmake;
    return std::nullopt;
}

namespace {

HasRootFile files_in(const fs::path& dir) {
    return [dir](std::string_view name) {
        std::error_code ec;
        return fs::is_regular_file(dir / name, ec);
    };
}

}  // namespace

std::optional<Language> detect_language(const fs::path& dir) {
    return detect_language(files_in(dir));
}

std::optional<Language> detect_language(const HasRootFile& has) {
    if (has("package.json")) {
        return has("tsconfig.json") ? Language::typescript : Language::javascript;
    }
    if (has("pyproject.toml") || has("setup.py") || has("requirements.txt"))
        return Language::python;
    if (has("go.mod"))
        return Language::go;
    if (has("Cargo.toml"))
        return Language::rust;
    if (has("Gemfile"))
        return Language::ruby;
    if (has("pom.xml") || has("build.gradle") || has("build.gradle.kts"))
        return Language::java;
    if (has("CMakeLists.txt"))
        return Language::cmake;
    return std::nullopt;
}

namespace {

CheckCommands one(Argv argv) {
    return CheckCommands{{std::move(argv)}, false};
}

bool is_c_family(const std::string& path) {
    for (const char* ext : {".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx"}) {
        if (path.ends_with(ext)) {
            return true;
        }
    }
    return false;
}

}  // namespace

LanguageDefaults language_defaults(Language language, const fs::path& dir,
                                   std::span<const std::string> changed_files) {
    return language_defaults(language, files_in(dir), changed_files);
}

LanguageDefaults language_defaults(Language language, const HasRootFile& has,
                                   std::span<const std::string> changed_files) {
    LanguageDefaults d;
    switch (language) {
        case Language::javascript:
        case Language::typescript:
            // --no-install: never fetch a tool from the network behind the user's back.
            d.formatter = one({"npx", "--no-install", "prettier", "--check", "."});
            d.linter = one({"npm", "run", "lint", "--if-present"});
            d.build = one({"npm", "run", "build", "--if-present"});
            d.tests = one({"npm", "test"});
            break;
        case Language::python:
            d.formatter = one({"black", "--check", "."});
            d.linter = one({"ruff", "check", "."});
            d.build = one({"python3", "-m", "compileall", "-q", "."});
            d.tests = one({"python3", "-m", "unittest"});
            break;
        case Language::go:
            d.formatter = CheckCommands{{{"gofmt", "-l", "."}}, true};
            d.linter = one({"go", "vet", "./..."});
            d.build = one({"go", "build", "./..."});
            d.tests = one({"go", "test", "./..."});
            break;
        case Language::rust:
            d.formatter = one({"cargo", "fmt", "--check"});
            d.linter = one({"cargo", "clippy", "--offline", "--", "-D", "warnings"});
            d.build = one({"cargo", "build", "--offline"});
            d.tests = one({"cargo", "test", "--offline"});
            break;
        case Language::ruby:
            d.formatter = one({"bundle", "exec", "rubocop", "--only", "Layout"});
            d.linter = one({"bundle", "exec", "rubocop"});
            d.tests = one({"bundle", "exec", "rake", "test"});
            break;
        case Language::java: {
            if (has("pom.xml")) {
                d.formatter = one({"mvn", "-q", "-o", "spotless:check"});
                d.linter = one({"mvn", "-q", "-o", "checkstyle:check"});
                d.build = one({"mvn", "-q", "-o", "compile"});
                d.tests = one({"mvn", "-q", "-o", "test"});
            } else {
                d.formatter = one({"gradle", "--offline", "-q", "spotlessCheck"});
                d.linter = one({"gradle", "--offline", "-q", "check", "-x", "test"});
                d.build = one({"gradle", "--offline", "-q", "assemble"});
                d.tests = one({"gradle", "--offline", "-q", "test"});
            }
            break;
        }
        case Language::cmake: {
            Argv format = {"clang-format", "--dry-run", "--Werror"};
            for (const auto& f : changed_files) {
                if (is_c_family(f)) {
                    format.push_back(f);
                }
            }
            if (format.size() > 3) {
                d.formatter = one(std::move(format));
            }
            // No project-wide C/C++ linter without a compile database; lint_command sets one.
            const Argv configure = {"cmake", "-S", ".", "-B", "build-qa-skill"};
            const Argv build = {"cmake", "--build", "build-qa-skill"};
            d.build = CheckCommands{{configure, build}, false};
            d.tests =
                CheckCommands{{configure,
                               build,
                               {"ctest", "--test-dir", "build-qa-skill", "--output-on-failure"}},
                              false};
            break;
        }
    }
    return d;
}

Argv split_command(std::string_view text) {
    Argv argv;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) {
                argv.push_back(std::move(word));
                word.clear();
                in_word = false;
            }
        } else if (c == '\'' || c == '"') {
            const auto end = text.find(c, i + 1);
            if (end == std::string_view::npos) {
                throw std::invalid_argument(std::string("unbalanced ") + c + " quote");
            }
            word.append(text.substr(i + 1, end - i - 1));
            in_word = true;
            i = end;
        } else if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
            in_word = true;
        } else if (c == '|' || c == '&' || c == ';' || c == '<' || c == '>' || c == '`' ||
                   (c == '$' && i + 1 < text.size() && text[i + 1] == '(')) {
            throw std::invalid_argument(std::string("'") + c +
                                        "' needs a shell; commands run without one "
                                        "(quote it to pass it as an argument)");
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) {
        argv.push_back(std::move(word));
    }
    if (argv.empty()) {
        throw std::invalid_argument("the command is empty");
    }
    return argv;
}

}  // namespace qa::exec
