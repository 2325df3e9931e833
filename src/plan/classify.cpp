#include "plan/classify.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace qa::plan {
namespace {

constexpr std::pair<std::string_view, std::string_view> kExtensions[] = {
    {".c", "c"},
    {".h", "c"},
    {".cc", "cpp"},
    {".cpp", "cpp"},
    {".cxx", "cpp"},
    {".hpp", "cpp"},
    {".hh", "cpp"},
    {".hxx", "cpp"},
    {".ipp", "cpp"},
    {".py", "python"},
    {".pyi", "python"},
    {".js", "javascript"},
    {".mjs", "javascript"},
    {".cjs", "javascript"},
    {".jsx", "javascript"},
    {".ts", "typescript"},
    {".tsx", "typescript"},
    {".mts", "typescript"},
    {".go", "go"},
    {".rs", "rust"},
    {".java", "java"},
    {".kt", "kotlin"},
    {".kts", "kotlin"},
    {".rb", "ruby"},
    {".php", "php"},
    {".cs", "csharp"},
    {".swift", "swift"},
    {".scala", "scala"},
    {".sh", "shell"},
    {".bash", "shell"},
    {".zsh", "shell"},
    {".sql", "sql"},
    {".lua", "lua"},
    {".pl", "perl"},
    {".pm", "perl"},
};

constexpr std::pair<std::string_view, std::string_view> kInterpreters[] = {
    {"python", "python"}, {"node", "javascript"}, {"bash", "shell"}, {"sh", "shell"},
    {"zsh", "shell"},     {"ruby", "ruby"},       {"perl", "perl"},  {"deno", "typescript"},
};

constexpr std::string_view kLockfiles[] = {
    "package-lock.json", "yarn.lock",     "pnpm-lock.yaml", "Cargo.lock", "poetry.lock",
    "Gemfile.lock",      "composer.lock", "Pipfile.lock",   "go.sum",     "uv.lock",
    "bun.lockb",         "flake.lock",
};

constexpr std::string_view kVendorDirs[] = {"vendor",       "third_party", "thirdparty",
                                            "node_modules", "external",    "extern"};

constexpr std::string_view kTestDirs[] = {"test", "tests",   "__tests__",
                                          "spec", "testing", "testdata"};

constexpr std::string_view kDocsExtensions[] = {".md", ".rst", ".txt", ".adoc", ".markdown"};

constexpr std::string_view kConfigExtensions[] = {".toml",       ".yaml", ".yml",   ".json",
                                                  ".ini",        ".cfg",  ".conf",  ".xml",
                                                  ".properties", ".env",  ".cmake", ".gradle"};

constexpr std::string_view kConfigNames[] = {
    "Makefile",    "CMakeLists.txt", "Dockerfile",  ".gitignore", ".gitattributes", ".editorconfig",
    "Jenkinsfile", ".clang-format",  "meson.build", "BUILD",      "BUILD.bazel",    "WORKSPACE"};

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

template <std::size_t N>
bool contains(const std::string_view (&list)[N], std::string_view s) {
    return std::find(std::begin(list), std::end(list), s) != std::end(list);
}

bool has_directory(std::string_view path, std::string_view dir_name) {
    std::size_t start = 0;
    for (std::size_t slash = path.find('/'); slash != std::string_view::npos;
         slash = path.find('/', start)) {
        if (path.substr(start, slash - start) == dir_name) {
            return true;
        }
        start = slash + 1;
    }
    return false;
}

std::string_view extension(std::string_view name) {
    const std::size_t dot = name.rfind('.');
    return (dot == std::string_view::npos || dot == 0) ? std::string_view() : name.substr(dot);
}

std::string language_from_shebang(std::string_view first_line) {
    if (!starts_with(first_line, "#!")) {
        return {};
    }
    // "#!/usr/bin/env python3 -u" and "#!/bin/bash" both name the interpreter in a path word.
    std::string_view rest = first_line.substr(2);
    const std::size_t env = rest.find("env ");
    if (env != std::string_view::npos) {
        rest = rest.substr(env + 4);
        while (starts_with(rest, "-")) {  // env -S ...
            const std::size_t space = rest.find(' ');
            rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
        }
    }
    rest = rest.substr(0, rest.find(' '));
    rest = rest.substr(rest.rfind('/') == std::string_view::npos ? 0 : rest.rfind('/') + 1);
    for (const auto& [interp, lang] : kInterpreters) {
        // python3.11 and python3 are python; "shell" must not match "sh" inside "bash" twice.
        if (starts_with(rest, interp) &&
            (rest.size() == interp.size() || rest[interp.size()] == '.' ||
             (rest[interp.size()] >= '0' && rest[interp.size()] <= '9'))) {
            return std::string(lang);
        }
    }
    return {};
}

bool is_test_name(std::string_view name, std::string_view ext) {
    const std::string_view stem = name.substr(0, name.size() - ext.size());
    return starts_with(stem, "test_") || ends_with(stem, "_test") || ends_with(stem, ".test") ||
           ends_with(stem, ".spec") || ends_with(stem, "_spec") ||
           (ext == ".java" && (ends_with(stem, "Test") || ends_with(stem, "Tests"))) ||
           (ext == ".go" && ends_with(stem, "_test"));
}

bool is_generated_name(std::string_view name) {
    return name.find(".min.") != std::string_view::npos ||
           name.find(".pb.") != std::string_view::npos || ends_with(name, "_pb2.py") ||
           name.find(".generated.") != std::string_view::npos ||
           name.find("_generated.") != std::string_view::npos || ends_with(name, ".g.dart");
}

}  // namespace

FileClass classify(std::string_view path, std::string_view first_line, bool binary) {
    const std::size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const std::string_view ext = extension(name);

    FileClass out;
    for (const auto& [e, lang] : kExtensions) {
        if (ext == e) {
            out.language = std::string(lang);
            break;
        }
    }
    if (out.language.empty() && ext.empty()) {
        out.language = language_from_shebang(first_line);
    }

    if (binary) {
        out.kind = FileKind::binary;
    } else if (contains(kLockfiles, name)) {
        out.kind = FileKind::lockfile;
    } else if (std::any_of(std::begin(kVendorDirs), std::end(kVendorDirs),
                           [&](std::string_view d) { return has_directory(path, d); })) {
        out.kind = FileKind::vendored;
    } else if (is_generated_name(name)) {
        out.kind = FileKind::generated;
    } else if (!out.language.empty() &&
               (is_test_name(name, ext) ||
                std::any_of(std::begin(kTestDirs), std::end(kTestDirs),
                            [&](std::string_view d) { return has_directory(path, d); }))) {
        out.kind = FileKind::test;
    } else if (!out.language.empty()) {
        out.kind = FileKind::source;
    } else if (contains(kConfigExtensions, ext) || contains(kConfigNames, name) ||
               starts_with(name, ".env") || starts_with(name, "Dockerfile")) {
        out.kind = FileKind::config;
    } else {
        out.kind = FileKind::docs;
    }
    if (contains(kDocsExtensions, ext) && out.kind == FileKind::config &&
        !contains(kConfigNames, name)) {
        out.kind = FileKind::docs;  // CMakeLists.txt stays config; notes.txt is docs
    }
    return out;
}

DiffBucket diff_bucket(std::size_t changed_files, std::size_t changed_lines) {
    if (changed_files > 80 || changed_lines > 4000) {
        return DiffBucket::large;
    }
    if (changed_files > 20 || changed_lines > 800) {
        return DiffBucket::medium;
    }
    return DiffBucket::small;
}

std::string_view to_string(FileKind kind) {
    static constexpr std::array<std::string_view, 8> kNames = {
        "source", "test", "config", "docs", "lockfile", "generated", "vendored", "binary"};
    return kNames[static_cast<std::size_t>(kind)];
}

std::string_view to_string(DiffBucket bucket) {
    static constexpr std::array<std::string_view, 3> kNames = {"small", "medium", "large"};
    return kNames[static_cast<std::size_t>(bucket)];
}

}  // namespace qa::plan
