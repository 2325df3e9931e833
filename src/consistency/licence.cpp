#include <re2/re2.h>
#include <map>
#include <set>

#include "consistency/evidence.hpp"
#include "consistency/signals.hpp"

namespace qa::consistency {

void measure_licence(const Tree& tree, std::vector<rubric::Rule>& rules) {
    // What the first lines of code files say about their licence: an SPDX id, or a copyright.
    constexpr std::int64_t kHeaderLines = 10;
    static const RE2 kSpdx(R"(SPDX-License-Identifier:\s*([^\s*]+))");
    std::map<std::string, std::int64_t> ids;
    std::set<std::string> languages;
    std::int64_t copyright = 0;
    for (const auto& f : tree.files) {
        if (!is_code(f)) {
            continue;
        }
        languages.insert(f.language);
        std::string_view head = f.text;
        std::size_t at = 0;
        for (std::int64_t n = 0; n < kHeaderLines && at < head.size(); ++n) {
            const auto nl = head.find('\n', at);
            at = nl == std::string_view::npos ? head.size() : nl + 1;
        }
        head = head.substr(0, at);
        std::string id;
        if (RE2::PartialMatch(head, kSpdx, &id)) {
            ++ids[id];
        } else if (head.find("Copyright") != std::string_view::npos) {
            ++copyright;
        }
    }
    std::string text = "Copyright";
    std::int64_t best = copyright;
    for (const auto& [id, n] : ids) {
        if (n > best) {
            best = n;
            text = "SPDX-License-Identifier: " + id;
        }
    }
    if (best == 0) {
        return;
    }
    rubric::Check c;
    c.kind = rubric::CheckKind::required_header;
    c.languages = {languages.begin(), languages.end()};
    c.text = text;
    c.limit = kHeaderLines;
    const Tally t = tally_files(rubric::CheckEval(c), tree);
    if (auto rule =
            check_rule("consistency-licence-header",
                       "Code files carry the licence header '" + text + "'", std::move(c), t,
                       count_text(t, "code files hold '" + text + "' in their first " +
                                         std::to_string(kHeaderLines) + " lines"))) {
        rules.push_back(std::move(*rule));
    }
}

}  // namespace qa::consistency
