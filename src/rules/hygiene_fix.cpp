#include "rules/hygiene_fix.hpp"

#include <map>
#include <set>
#include <vector>

#include "rules/suppression.hpp"

namespace qa::rules {
namespace {

/// The lines of `content`, each with its '\n' (the last one may have none).
std::vector<std::string> split_keeping_ends(std::string_view content) {
    std::vector<std::string> lines;
    while (!content.empty()) {
        const std::size_t nl = content.find('\n');
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl + 1;
        lines.emplace_back(content.substr(0, end));
        content.remove_prefix(end);
    }
    return lines;
}

std::string_view without_end(std::string_view line) {
    if (line.ends_with('\n')) {
        line.remove_suffix(1);
    }
    return line;
}

}  // namespace

std::string HygieneFix::describe() const {
    std::string out;
    const auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (trailingWhitespace > 0) {
        add("trailing whitespace removed on " + std::to_string(trailingWhitespace) + " line(s)");
    }
    if (crlf > 0) {
        add(std::to_string(crlf) + " CRLF line ending(s) made LF");
    }
    if (finalNewline) {
        add("final newline added");
    }
    return out;
}

HygieneFix fix_hygiene(const HygieneInput& input, const std::set<std::string>& disabled) {
    HygieneFix fix;
    fix.content = std::string(input.content);
    if (input.content.find('\0') != std::string_view::npos) {
        return fix;  // binary: nothing here is a line
    }
    std::vector<std::string> lines = split_keeping_ends(input.content);
    const std::set<std::string> file_allowed = file_allowed_ids(input.content);
    // The findings to fix, by line, as the style lens reports them (check_hygiene, then the
    // inline directives), so that `qa-skill fix` changes exactly what the gate shows.
    std::map<std::uint32_t, std::set<std::string_view>> todo;
    for (const HygieneFinding& h : check_hygiene(input)) {
        const std::string id(h.rule->id);
        if (h.line == 0 || h.line > lines.size() || file_allowed.count(id) > 0 ||
            disabled.count(id) > 0) {
            continue;
        }
        const std::string_view line = without_end(lines[h.line - 1]);
        const std::string_view previous = h.line > 1 ? without_end(lines[h.line - 2]) : "";
        if (!suppressed(line, previous, id)) {
            todo[h.line].insert(h.rule->id);
        }
    }
    bool any_lf_only = false;
    for (const std::string& line : lines) {
        any_lf_only |= line.ends_with('\n') && !line.ends_with("\r\n");
    }
    for (const auto& [number, ids] : todo) {
        std::string& line = lines[number - 1];
        const bool nl = line.ends_with('\n');
        std::string body = nl ? line.substr(0, line.size() - 1) : line;
        const bool cr = body.ends_with('\r');
        if (cr) {
            body.pop_back();
        }
        if (ids.count("trailing-whitespace") > 0) {
            body.erase(body.find_last_not_of(" \t") + 1);  // npos + 1 == 0: all blank
            ++fix.trailingWhitespace;
        }
        const bool make_lf = cr && nl && ids.count("crlf-in-lf-file") > 0;
        fix.crlf += make_lf ? 1 : 0;
        line = body + (cr && !make_lf ? "\r" : "") + (nl ? "\n" : "");
        if (ids.count("missing-final-newline") > 0 && number == lines.size() && !nl) {
            // A file whose lines all end in CRLF keeps doing so; any other gets '\n'.
            const bool crlf_file = lines.size() > 1 && !any_lf_only && fix.crlf == 0;
            line += crlf_file ? "\r\n" : "\n";
            fix.finalNewline = true;
        }
    }
    if (fix.changed()) {
        fix.content.clear();
        for (const std::string& line : lines) {
            fix.content += line;
        }
    }
    return fix;
}

}  // namespace qa::rules
