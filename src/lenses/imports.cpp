#include "lenses/imports.hpp"

#include <re2/re2.h>

#include <algorithm>

namespace qa::lenses {
namespace {

/// The import patterns, compiled once per process (RE2 objects are immutable and thread-safe).
struct Patterns {
    re2::RE2 c_include{R"re(^\s*#\s*(?:include|import)\s*([<"])([^>"]+)[>"])re"};
    re2::RE2 py_import{R"re(^\s*import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*))re"};
    re2::RE2 py_from{R"re(^\s*from\s+(\.*)([\w.]*)\s+import\b)re"};
    re2::RE2 js_from{R"re(\bfrom\s*['"]([^'"]+)['"])re"};
    re2::RE2 js_bare{R"re(^\s*import\s*['"]([^'"]+)['"])re"};
    re2::RE2 js_call{R"re(\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\))re"};
    re2::RE2 go_import{R"re(^\s*(?:import\s+)?(?:[\w.]+\s+)?"([^"\s]+)"\s*$)re"};
    re2::RE2 rust_use{R"re(^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([\w:]+))re"};
    re2::RE2 java_import{R"re(^\s*import\s+(?:static\s+)?([\w.]+)(?:\.\*)?\s*;)re"};
};

const Patterns& patterns() {
    static const Patterns p;
    return p;
}

std::string dir_of(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string() : std::string(path.substr(0, slash));
}

std::string join(const std::string& dir, std::string_view rel) {
    return normalize_path(dir.empty() ? std::string(rel) : dir + "/" + std::string(rel));
}

std::string dots_to_slashes(std::string_view module, char sep = '.') {
    std::string out(module);
    std::replace(out.begin(), out.end(), sep, '/');
    return out;
}

void add_module(std::vector<std::string>& out, const std::string& base, const char* ext) {
    if (base.empty()) {
        return;
    }
    out.push_back(base);
    out.push_back(base + ext);
}

}  // namespace

std::string normalize_path(std::string_view path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string_view::npos) {
            end = path.size();
        }
        const std::string_view part = path.substr(start, end - start);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..") {
                parts.pop_back();
            } else {
                parts.emplace_back("..");
            }
        } else if (!part.empty() && part != ".") {
            parts.emplace_back(part);
        }
        start = end + 1;
    }
    std::string out;
    for (const auto& p : parts) {
        out += (out.empty() ? "" : "/") + p;
    }
    return out;
}

std::vector<std::string> import_targets(std::string_view language, std::string_view file_path,
                                        std::string_view line) {
    const Patterns& p = patterns();
    const std::string dir = dir_of(file_path);
    std::vector<std::string> out;
    std::string a, b;
    if (language == "c" || language == "cpp") {
        if (re2::RE2::PartialMatch(line, p.c_include, &a, &b)) {
            if (a == "\"") {
                out.push_back(join(dir, b));  // quoted: relative to the including file first
            }
            out.push_back(normalize_path(b));
        }
    } else if (language == "python") {
        if (re2::RE2::PartialMatch(line, p.py_from, &a, &b)) {
            std::string base;
            if (a.empty()) {
                base = dots_to_slashes(b);
            } else {
                // from . import x / from ..pkg import y: one dot is the file's own package.
                std::string up = dir;
                for (std::size_t i = 1; i < a.size(); ++i) {
                    up = dir_of(up);
                }
                base = join(up, dots_to_slashes(b));
            }
            add_module(out, base, ".py");
        } else if (re2::RE2::PartialMatch(line, p.py_import, &a)) {
            std::size_t start = 0;
            while (start < a.size()) {
                std::size_t comma = a.find(',', start);
                if (comma == std::string::npos) {
                    comma = a.size();
                }
                std::string module = a.substr(start, comma - start);
                module.erase(0, module.find_first_not_of(' '));
                module.erase(module.find_last_not_of(' ') + 1);
                add_module(out, dots_to_slashes(module), ".py");
                start = comma + 1;
            }
        }
    } else if (language == "javascript" || language == "typescript") {
        re2::StringPiece input(line.data(), line.size());
        std::string spec;
        for (const re2::RE2* re : {&p.js_from, &p.js_bare, &p.js_call}) {
            re2::StringPiece rest = input;
            while (re2::RE2::FindAndConsume(&rest, *re, &spec)) {
                if (spec.rfind("./", 0) == 0 || spec.rfind("../", 0) == 0) {
                    out.push_back(join(dir, spec));
                } else {
                    out.push_back(spec);
                }
            }
        }
    } else if (language == "go") {
        if (re2::RE2::FullMatch(line, p.go_import, &a)) {
            out.push_back(a);
        }
    } else if (language == "rust") {
        if (re2::RE2::PartialMatch(line, p.rust_use, &a)) {
            std::string path = dots_to_slashes(a, ':');
            path = normalize_path(path);  // "a//b" from "a::b"
            if (path.rfind("crate/", 0) == 0) {
                const std::string rest = path.substr(6);
                out.push_back(rest);
                out.push_back("src/" + rest + ".rs");
                out.push_back("src/" + rest);
            } else if (path.rfind("super/", 0) == 0 || path.rfind("self/", 0) == 0) {
                const std::string base = path.rfind("super/", 0) == 0 ? dir_of(dir) : dir;
                const std::string rest = path.substr(path.find('/') + 1);
                add_module(out, join(base, rest), ".rs");
            } else {
                out.push_back(path);
            }
        }
    } else if (language == "java" || language == "kotlin") {
        if (re2::RE2::PartialMatch(line, p.java_import, &a)) {
            add_module(out, dots_to_slashes(a), ".java");
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace qa::lenses
