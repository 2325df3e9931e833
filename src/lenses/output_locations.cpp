#include "lenses/output_locations.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <set>

namespace qa::lenses {
namespace {

/// The path under test `raw` names, or "" when it names none.
std::string relative_path(std::string raw, std::string_view checkout,
                          const std::function<bool(const std::string&)>& in_tree) {
    if (!checkout.empty() && raw.starts_with(checkout) && raw.size() > checkout.size() &&
        raw[checkout.size()] == '/') {
        raw.erase(0, checkout.size() + 1);
    }
    while (raw.starts_with("./")) {
        raw.erase(0, 2);
    }
    if (raw.empty() || raw.front() == '/' || raw == ".." || raw.starts_with("../") ||
        raw.find("/../") != std::string::npos) {
        return {};
    }
    if (!in_tree(raw)) {
        return {};
    }
    return raw;
}

}  // namespace

std::vector<OutputLocation> output_locations(std::string_view output, std::string_view checkout,
                                             const std::function<bool(const std::string&)>& in_tree,
                                             std::size_t limit) {
    // A path: no spaces or quotes, and a file extension (so "Error:12" is no path).
    static const RE2 with_line(
        R"re(([A-Za-z0-9_./+@-]*[A-Za-z0-9_+@-]\.[A-Za-z0-9]+)(?::(\d+)|", line (\d+)))re");
    static const RE2 bare(
        R"re((?:^|[\s\[\]('"])([A-Za-z0-9_./+@-]*[A-Za-z0-9_+@-]\.[A-Za-z0-9]+)(?:$|[\s)'",]))re");
    std::vector<OutputLocation> found;
    std::set<std::string> seen;
    const auto add = [&](const std::string& raw, std::int64_t line) {
        const std::string path = relative_path(raw, checkout, in_tree);
        if (!path.empty() && found.size() < limit && seen.insert(path).second) {
            found.push_back({path, std::max<std::int64_t>(1, line)});
        }
    };
    std::size_t start = 0;
    while (start < output.size() && found.size() < limit) {
        std::size_t end = output.find('\n', start);
        if (end == std::string_view::npos) {
            end = output.size();
        }
        const std::string_view line_text = output.substr(start, end - start);
        start = end + 1;
        re2::StringPiece input(line_text.data(), line_text.size());
        std::string path, colon_line, py_line;
        bool any = false;
        while (RE2::FindAndConsume(&input, with_line, &path, &colon_line, &py_line)) {
            const std::string& digits = colon_line.empty() ? py_line : colon_line;
            add(path, digits.size() > 9 ? 1 : std::stoll(digits));
            any = true;
        }
        if (!any) {
            re2::StringPiece rest(line_text.data(), line_text.size());
            while (RE2::FindAndConsume(&rest, bare, &path)) {
                add(path, 1);
            }
        }
    }
    return found;
}

}  // namespace qa::lenses
