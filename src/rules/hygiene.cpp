#include "rules/hygiene.hpp"

#include <algorithm>
#include <array>
#include <tuple>

#include "util/glob.hpp"

namespace qa::rules {
namespace {

constexpr std::array<HygieneRule, 6> kRules = {{
    {"trailing-whitespace", "Trailing spaces or tabs at the end of a line.", "low", false,
     "Remove the trailing whitespace (most editors can do this on save)."},
    {"mixed-indentation", "A space before a tab in the indentation.", "low", false,
     "Indent with either tabs or spaces; align after the indentation only."},
    {"missing-final-newline", "The file does not end with a newline.", "low", false,
     "End the file with a single '\\n'."},
    {"crlf-in-lf-file", "A CRLF line ending in a file that otherwise uses LF.", "medium", false,
     "Convert the line to LF, or set `* text=auto` in .gitattributes."},
    {"oversize-file", "The file is larger than the configured limit.", "high", true,
     "Keep large files out of git (Git LFS, a release asset) or raise the limit on purpose."},
    {"build-output", "The path looks like build output or installed dependencies.", "medium", false,
     "Remove the file from the index and add its folder or pattern to .gitignore."},
}};

constexpr std::array<std::string_view, 22> kBuildOutputGlobs = {
    "node_modules/**",
    "**/node_modules/**",
    "dist/**",
    "build/**",
    "target/**",
    "out/**",
    "__pycache__/**",
    "**/__pycache__/**",
    "*.o",
    "*.obj",
    "*.a",
    "*.so",
    "*.dylib",
    "*.dll",
    "*.exe",
    "*.pyc",
    "*.pyo",
    "*.class",
    "*.jar",
    "*.egg-info/**",
    ".gradle/**",
    "CMakeFiles/**",
};

const HygieneRule& rule(std::string_view id) {
    return *std::find_if(kRules.begin(), kRules.end(),
                         [&](const HygieneRule& r) { return r.id == id; });
}

/// Calls `visit(lineNumber, text)` for each line of the content that the input reports on;
/// `text` excludes the '\n' but keeps a '\r'.
template <class Visit>
void for_each_line(const HygieneInput& input, Visit visit) {
    std::string_view rest = input.content;
    std::uint32_t number = 0;
    auto wanted = input.lines.begin();
    while (!rest.empty()) {
        ++number;
        const std::size_t nl = rest.find('\n');
        const std::string_view text = rest.substr(0, nl);
        rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
        if (!input.lines.empty()) {
            while (wanted != input.lines.end() && *wanted < number) {
                ++wanted;
            }
            if (wanted == input.lines.end()) {
                return;
            }
            if (*wanted != number) {
                continue;
            }
        }
        visit(number, text);
    }
}

std::string_view without_cr(std::string_view text) {
    return text.ends_with('\r') ? text.substr(0, text.size() - 1) : text;
}

}  // namespace

std::span<const HygieneRule> hygiene_rules() {
    return kRules;
}

std::vector<HygieneFinding> trailing_whitespace(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for_each_line(input, [&](std::uint32_t number, std::string_view text) {
        const std::string_view line = without_cr(text);
        const std::size_t end = line.find_last_not_of(" \t");
        const std::size_t start = end == std::string_view::npos ? 0 : end + 1;
        if (start < line.size()) {
            out.push_back({&rule("trailing-whitespace"), number,
                           static_cast<std::uint32_t>(start + 1),
                           std::to_string(line.size() - start) + " trailing whitespace byte(s)"});
        }
    });
    return out;
}

std::vector<HygieneFinding> mixed_indentation(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for_each_line(input, [&](std::uint32_t number, std::string_view text) {
        const std::string_view indent = text.substr(0, text.find_first_not_of(" \t"));
        const std::size_t at = indent.find(" \t");
        if (at != std::string_view::npos) {
            out.push_back({&rule("mixed-indentation"), number, static_cast<std::uint32_t>(at + 1),
                           "a space before a tab in the indentation"});
        }
    });
    return out;
}

std::vector<HygieneFinding> missing_final_newline(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    if (input.content.empty() || input.content.back() == '\n' ||
        input.content.find('\0') != std::string_view::npos) {
        return out;  // empty, fine, or binary
    }
    const auto lines = static_cast<std::uint32_t>(
        std::count(input.content.begin(), input.content.end(), '\n') + 1);
    if (input.lines.empty() ||
        std::find(input.lines.begin(), input.lines.end(), lines) != input.lines.end()) {
        out.push_back({&rule("missing-final-newline"), lines, 0, "no newline at end of file"});
    }
    return out;
}

std::vector<HygieneFinding> crlf_in_lf_file(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    const std::string_view c = input.content;
    std::size_t lf_only = 0;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (c[i] == '\n' && (i == 0 || c[i - 1] != '\r')) {
            ++lf_only;
        }
    }
    if (lf_only == 0) {
        return out;  // no LF-only line: a CRLF file (or one line), consistent
    }
    for_each_line(input, [&](std::uint32_t number, std::string_view text) {
        // Only lines that end in "\r\n": the text of the last line has no '\n' after it.
        const std::size_t end = static_cast<std::size_t>(text.data() - c.data()) + text.size();
        if (text.ends_with('\r') && end < c.size()) {
            out.push_back({&rule("crlf-in-lf-file"), number,
                           static_cast<std::uint32_t>(text.size()),
                           "CRLF line ending in a file that uses LF"});
        }
    });
    return out;
}

std::vector<HygieneFinding> oversize_file(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    const std::uint64_t size = std::max<std::uint64_t>(input.sizeBytes, input.content.size());
    if (size > input.maxFileBytes) {
        out.push_back({&rule("oversize-file"), 0, 0,
                       std::to_string(size) + " bytes, over the limit of " +
                           std::to_string(input.maxFileBytes)});
    }
    return out;
}

std::vector<HygieneFinding> build_output(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for (const std::string_view glob : kBuildOutputGlobs) {
        if (util::glob_match(glob, input.path)) {
            out.push_back({&rule("build-output"), 0, 0,
                           "matches \"" + std::string(glob) + "\", a build output pattern"});
            break;
        }
    }
    return out;
}

std::vector<HygieneFinding> check_hygiene(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for (auto* check : {trailing_whitespace, mixed_indentation, missing_final_newline,
                        crlf_in_lf_file, oversize_file, build_output}) {
        auto found = check(input);
        std::move(found.begin(), found.end(), std::back_inserter(out));
    }
    std::sort(out.begin(), out.end(), [](const HygieneFinding& a, const HygieneFinding& b) {
        return std::tuple(a.line, a.column, a.rule->id) < std::tuple(b.line, b.column, b.rule->id);
    });
    return out;
}

}  // namespace qa::rules
