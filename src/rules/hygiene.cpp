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

HygieneFinding finding(std::string_view id, std::uint32_t line, std::uint32_t column,
                       std::string message) {
    HygieneFinding f;
    f.rule = &rule(id);
    f.line = line;
    f.column = column;
    f.message = std::move(message);
    return f;
}

/// Calls `visit(lineNumber, text, wanted)` for each line of the content; `text` excludes the
/// '\n' but keeps a '\r', and `wanted` says whether the input reports on the line. With
/// `all_lines` false, the walk stops after the last wanted line.
template <class Visit>
void walk_lines(const HygieneInput& input, bool all_lines, Visit visit) {
    std::string_view rest = input.content;
    std::uint32_t number = 0;
    auto wanted = input.lines.begin();
    while (!rest.empty()) {
        ++number;
        const std::size_t nl = rest.find('\n');
        const std::string_view text = rest.substr(0, nl);
        rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
        bool report = true;
        if (!input.lines.empty()) {
            while (wanted != input.lines.end() && *wanted < number) {
                ++wanted;
            }
            if (wanted == input.lines.end() && !all_lines) {
                return;
            }
            report = wanted != input.lines.end() && *wanted == number;
        }
        visit(number, text, report);
    }
}

/// Calls `visit(lineNumber, text)` for each line of the content that the input reports on.
template <class Visit>
void for_each_line(const HygieneInput& input, Visit visit) {
    walk_lines(input, false, [&](std::uint32_t number, std::string_view text, bool report) {
        if (report) {
            visit(number, text);
        }
    });
}

std::string_view without_cr(std::string_view text) {
    return text.ends_with('\r') ? text.substr(0, text.size() - 1) : text;
}

/// The per-line checks of one line, shared by the single checks and by check_hygiene's one pass.
void trailing_whitespace_at(std::uint32_t number, std::string_view text,
                            std::vector<HygieneFinding>& out) {
    const std::string_view line = without_cr(text);
    if (line.empty() || (line.back() != ' ' && line.back() != '\t')) {
        return;  // the common case, decided by one byte
    }
    const std::size_t end = line.find_last_not_of(" \t");
    const std::size_t start = end == std::string_view::npos ? 0 : end + 1;
    out.push_back(finding("trailing-whitespace", number, static_cast<std::uint32_t>(start + 1),
                          std::to_string(line.size() - start) + " trailing whitespace byte(s)"));
}

void mixed_indentation_at(std::uint32_t number, std::string_view text,
                          std::vector<HygieneFinding>& out) {
    // One walk over the indentation, looking for the first space followed by a tab.
    for (std::size_t i = 0; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i) {
        if (text[i] == '\t' && i > 0 && text[i - 1] == ' ') {
            out.push_back(finding("mixed-indentation", number, static_cast<std::uint32_t>(i),
                                  "a space before a tab in the indentation"));
            return;
        }
    }
}

/// A line that ends in "\r\n" (the text of the last line has no '\n' after it).
bool ends_crlf(std::string_view content, std::string_view text) {
    const std::size_t end = static_cast<std::size_t>(text.data() - content.data()) + text.size();
    return text.ends_with('\r') && end < content.size();
}

void crlf_at(std::uint32_t number, std::string_view text, std::vector<HygieneFinding>& out) {
    out.push_back(finding("crlf-in-lf-file", number, static_cast<std::uint32_t>(text.size()),
                          "CRLF line ending in a file that uses LF"));
}

}  // namespace

std::span<const HygieneRule> hygiene_rules() {
    return kRules;
}

std::vector<HygieneFinding> trailing_whitespace(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for_each_line(input, [&](std::uint32_t number, std::string_view text) {
        trailing_whitespace_at(number, text, out);
    });
    return out;
}

std::vector<HygieneFinding> mixed_indentation(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for_each_line(input, [&](std::uint32_t number, std::string_view text) {
        mixed_indentation_at(number, text, out);
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
        out.push_back(finding("missing-final-newline", lines, 0, "no newline at end of file"));
    }
    return out;
}

std::vector<HygieneFinding> crlf_in_lf_file(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    const std::string_view c = input.content;
    if (c.find('\n') == std::string_view::npos) {
        return out;  // one line: nothing to be inconsistent with
    }
    std::size_t lf_only = 0;
    walk_lines(input, true, [&](std::uint32_t number, std::string_view text, bool report) {
        const bool crlf = ends_crlf(c, text);
        if (!crlf && !text.ends_with('\r') &&
            static_cast<std::size_t>(text.data() - c.data()) + text.size() < c.size()) {
            ++lf_only;
        }
        if (report && crlf) {
            crlf_at(number, text, out);
        }
    });
    if (lf_only == 0) {
        out.clear();  // no LF-only line: a CRLF file, consistent
    }
    return out;
}

std::vector<HygieneFinding> oversize_file(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    const std::uint64_t size = std::max<std::uint64_t>(input.sizeBytes, input.content.size());
    if (size > input.maxFileBytes) {
        out.push_back(finding("oversize-file", 0, 0,
                              std::to_string(size) + " bytes, over the limit of " +
                                  std::to_string(input.maxFileBytes)));
    }
    return out;
}

std::vector<HygieneFinding> build_output(const HygieneInput& input) {
    std::vector<HygieneFinding> out;
    for (const std::string_view glob : kBuildOutputGlobs) {
        if (util::glob_match(glob, input.path)) {
            out.push_back(finding("build-output", 0, 0,
                                  "matches \"" + std::string(glob) + "\", a build output pattern"));
            break;
        }
    }
    return out;
}

std::vector<HygieneFinding> check_hygiene(const HygieneInput& input) {
    // One walk over the lines for the three per-line checks: hygiene runs on every file.
    std::vector<HygieneFinding> out;
    std::vector<HygieneFinding> crlf;
    std::size_t lf_only = 0;
    const std::string_view c = input.content;
    walk_lines(input, true, [&](std::uint32_t number, std::string_view text, bool report) {
        const bool ends_in_crlf = ends_crlf(c, text);
        if (!ends_in_crlf && !text.ends_with('\r') &&
            static_cast<std::size_t>(text.data() - c.data()) + text.size() < c.size()) {
            ++lf_only;
        }
        if (!report) {
            return;
        }
        trailing_whitespace_at(number, text, out);
        mixed_indentation_at(number, text, out);
        if (ends_in_crlf) {
            crlf_at(number, text, crlf);
        }
    });
    if (lf_only > 0) {
        std::move(crlf.begin(), crlf.end(), std::back_inserter(out));
    }
    for (auto* check : {missing_final_newline, oversize_file, build_output}) {
        auto found = check(input);
        std::move(found.begin(), found.end(), std::back_inserter(out));
    }
    std::sort(out.begin(), out.end(), [](const HygieneFinding& a, const HygieneFinding& b) {
        return std::tuple(a.line, a.column, a.rule->id) < std::tuple(b.line, b.column, b.rule->id);
    });
    return out;
}

std::vector<HygieneFinding> once_per_file(std::vector<HygieneFinding> findings) {
    std::vector<HygieneFinding> out;
    for (HygieneFinding& f : findings) {
        const auto first = std::find_if(out.begin(), out.end(),
                                        [&](const HygieneFinding& o) { return o.rule == f.rule; });
        if (first == out.end()) {
            f.lines = {f.line};
            out.push_back(std::move(f));
            continue;
        }
        ++first->count;
        if (first->lines.size() < kMaxListedLines) {
            first->lines.push_back(f.line);
        }
    }
    for (HygieneFinding& f : out) {
        if (f.count == 1) {
            f.lines.clear();
        }
    }
    return out;
}

}  // namespace qa::rules
