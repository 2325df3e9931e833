#include "rubric/check_eval.hpp"

#include <re2/re2.h>
#include <algorithm>

namespace qa::rubric {
namespace {

std::unique_ptr<re2::RE2> compile(const std::string& pattern) {
    if (pattern.empty()) {
        return nullptr;
    }
    return std::make_unique<re2::RE2>(pattern, RE2::Quiet);
}

bool has_suffix(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// The name part of a path component that naming conventions are about: up to the first '.'.
std::string_view stem(std::string_view name) {
    return name.substr(0, name.find('.'));
}

/// The lines of `content`, numbered from 1, until `visit` returns true.
template <class Visit>
void each_line(std::string_view content, Visit&& visit) {
    std::uint32_t n = 1;
    std::size_t at = 0;
    while (at < content.size()) {
        const std::size_t nl = content.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
        if (visit(n, content.substr(at, end - at))) {
            return;
        }
        at = end + 1;
        ++n;
    }
}

/// The text before the name a declaration pattern captured ends in "Name::": a constructor or a
/// destructor, which takes its class's name whatever the functions' style.
bool names_its_class(std::string_view line, std::string_view name) {
    const auto at = static_cast<std::size_t>(name.data() - line.data());
    std::string_view before = line.substr(0, at);
    if (!before.empty() && before.back() == '~') {
        return true;
    }
    if (!has_suffix(before, "::")) {
        return false;
    }
    before.remove_suffix(2);
    return has_suffix(before, name);
}

}  // namespace

std::size_t columns(std::string_view line) {
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    return static_cast<std::size_t>(std::count_if(line.begin(), line.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    }));
}

std::string_view folder_of(std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

CheckEval::CheckEval(Check check)
    : check_(std::move(check)),
      pattern_(compile(check_.pattern)),
      declaration_(compile(check_.declaration)),
      exempt_(compile(check_.exempt)) {}

CheckEval::~CheckEval() = default;
CheckEval::CheckEval(CheckEval&&) noexcept = default;

bool CheckEval::applies(const FileFacts& file) const {
    // test-location's scope is where test files belong: it judges those outside it too.
    if (check_.kind != CheckKind::test_location && !file.path.starts_with(check_.scope)) {
        return false;
    }
    if (!check_.languages.empty() && std::find(check_.languages.begin(), check_.languages.end(),
                                               file.language) == check_.languages.end()) {
        return false;
    }
    if (!check_.extensions.empty() &&
        std::none_of(check_.extensions.begin(), check_.extensions.end(),
                     [&](const std::string& e) { return has_suffix(file.path, e); })) {
        return false;
    }
    switch (check_.kind) {
        case CheckKind::test_location:
            return file.test;
        case CheckKind::test_mirror:
            return file.test &&
                   file.path.substr(check_.scope.size()).find('/') != std::string_view::npos;
        case CheckKind::namespace_folder:
            return file.path.substr(check_.scope.size()).find('/') != std::string_view::npos;
        default:
            return true;
    }
}

bool CheckEval::judges_lines() const {
    return check_.kind == CheckKind::forbidden_line || check_.kind == CheckKind::max_line_length ||
           check_.kind == CheckKind::declaration_case;
}

std::optional<std::string> CheckEval::line_problem(std::string_view line) const {
    switch (check_.kind) {
        case CheckKind::forbidden_line:
            if (RE2::PartialMatch(line, *pattern_)) {
                return "the line matches the pattern " + check_.pattern;
            }
            return std::nullopt;
        case CheckKind::max_line_length:
            if (const std::size_t n = columns(line); n > static_cast<std::size_t>(check_.limit)) {
                return "the line is " + std::to_string(n) + " columns long (at most " +
                       std::to_string(check_.limit) + ")";
            }
            return std::nullopt;
        case CheckKind::declaration_case: {
            re2::StringPiece captured;
            if (!RE2::PartialMatch(line, *declaration_, &captured) || captured.empty()) {
                return std::nullopt;
            }
            const std::string_view name(captured.data(), captured.size());
            if ((exempt_ && RE2::FullMatch(name, *exempt_)) || names_its_class(line, name) ||
                RE2::FullMatch(name, *pattern_)) {
                return std::nullopt;
            }
            return "the name '" + std::string(name) + "' breaks the naming convention";
        }
        default:
            return std::nullopt;
    }
}

std::optional<std::string> CheckEval::path_problem(const FileFacts& file,
                                                   const std::set<std::string>& new_folders) const {
    switch (check_.kind) {
        case CheckKind::path_case: {
            std::string_view rest = file.path.substr(check_.scope.size());
            while (!rest.empty()) {
                const auto slash = rest.find('/');
                const std::string_view part =
                    stem(slash == std::string_view::npos ? rest : rest.substr(0, slash));
                rest =
                    slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
                if (part.empty() || (exempt_ && RE2::FullMatch(part, *exempt_))) {
                    continue;
                }
                if (!RE2::FullMatch(part, *pattern_)) {
                    return "the name '" + std::string(part) + "' breaks the naming convention";
                }
            }
            return std::nullopt;
        }
        case CheckKind::test_location:
            if (file.path.starts_with(check_.scope)) {
                return std::nullopt;
            }
            return "a test file outside " + check_.scope;
        case CheckKind::test_mirror: {
            const std::string folder(folder_of(file.path.substr(check_.scope.size())));
            const bool known =
                std::binary_search(check_.folders.begin(), check_.folders.end(), folder) ||
                new_folders.contains(folder);
            if (known) {
                return std::nullopt;
            }
            return "no folder " + check_.sourceRoot + folder + "/ for this test to mirror";
        }
        default:
            return std::nullopt;
    }
}

std::optional<Problem> CheckEval::content_problem(const FileFacts& file,
                                                  std::string_view content) const {
    std::optional<Problem> problem;
    if (check_.kind == CheckKind::required_header) {
        bool found = false;
        each_line(content, [&](std::uint32_t n, std::string_view line) {
            if (check_.limit > 0 && n > static_cast<std::uint32_t>(check_.limit)) {
                return true;
            }
            found = line.find(check_.text) != std::string_view::npos;
            return found;
        });
        if (!found) {
            problem = Problem{1, "the file does not hold '" + check_.text + "'" +
                                     (check_.limit > 0 ? " in its first " +
                                                             std::to_string(check_.limit) + " lines"
                                                       : std::string())};
        }
    } else if (check_.kind == CheckKind::namespace_folder) {
        static const RE2 kNamespace(R"(^\s*namespace\s+([A-Za-z_][A-Za-z0-9_:]*)\s*\{)");
        std::string expected = check_.prefix;
        std::string_view dirs = folder_of(file.path.substr(check_.scope.size()));
        while (!dirs.empty()) {
            const auto slash = dirs.find('/');
            expected += (expected.empty() ? "" : "::") + std::string(dirs.substr(0, slash));
            dirs = slash == std::string_view::npos ? std::string_view() : dirs.substr(slash + 1);
        }
        each_line(content, [&](std::uint32_t n, std::string_view line) {
            std::string name;
            if (!RE2::PartialMatch(line, kNamespace, &name)) {
                return false;
            }
            if (name != expected) {
                problem = Problem{n, "namespace " + name + " in a file of " +
                                         std::string(folder_of(file.path)) + "/ (expected " +
                                         expected + ")"};
            }
            return true;
        });
    }
    return problem;
}

std::optional<Problem> CheckEval::file_problem(const FileFacts& file,
                                               std::string_view content) const {
    if (judges_lines()) {
        std::optional<Problem> problem;
        each_line(content, [&](std::uint32_t n, std::string_view line) {
            if (auto what = line_problem(line)) {
                problem = Problem{n, std::move(*what)};
                return true;
            }
            return false;
        });
        return problem;
    }
    if (auto what = path_problem(file)) {
        return Problem{1, std::move(*what)};
    }
    return content_problem(file, content);
}

}  // namespace qa::rubric
