#include "lenses/model/anchored_findings.hpp"

#include <algorithm>
#include <limits>

#include "json/canonical.hpp"
#include "lenses/api/findings.hpp"

namespace qa::lenses::model {

namespace {

/// No line number past this is kept, whatever the file: line numbers are 32-bit in places
/// (git, SARIF consumers), and a larger one is never a real line of a reviewed change.
constexpr std::int64_t kMaxLine = std::numeric_limits<std::int32_t>::max();

/// The number of lines of `content` (a last line without '\n' counts).
std::int64_t count_lines(std::string_view content) {
    const auto newlines = std::count(content.begin(), content.end(), '\n');
    return newlines + (!content.empty() && content.back() != '\n' ? 1 : 0);
}

/// The lines of the new file `path`: what the packet counted, else read now (only for a
/// finding that ends past every line the packet holds, so rarely).
std::int64_t file_lines(const AnchorLines& anchors, const std::string& path,
                        const lenses::api::ChangeSource& changes) {
    if (anchors.lineCount > 0) {
        return anchors.lineCount;
    }
    const auto content = changes.full_content(path);
    return content ? count_lines(*content) : 0;
}

bool within_file(const AnchorLines& anchors, const std::string& path,
                 const lenses::api::ChangeSource& changes, std::int64_t end) {
    if (end > kMaxLine) {
        return false;
    }
    const std::int64_t last_shown = anchors.lines.empty() ? 0 : *anchors.lines.rbegin();
    return end <= last_shown || end <= file_lines(anchors, path, changes);
}

bool touches(const AnchorLines& anchors, std::int64_t start, std::int64_t end) {
    if (anchors.wholeFile) {
        return true;  // within_file() held: every line of the file may be reported
    }
    const auto it = anchors.lines.lower_bound(static_cast<std::uint32_t>(start));
    return it != anchors.lines.end() && *it <= end;
}

}  // namespace

AnchoredFindings anchor_findings(const contracts::LensPlan& plan, const json::Value& answer,
                                 const ContextPacket& packet,
                                 const lenses::api::ChangeSource& changes,
                                 contracts::Severity block_at) {
    AnchoredFindings out;
    const json::Value* list = answer.find("findings");
    if (list == nullptr || !list->is_array()) {
        return out;
    }
    for (const json::Value& item : list->as_array()) {
        const std::string& file = item.find("file")->as_string();
        const std::int64_t start = item.find("startLine")->as_integer();
        const std::int64_t end = item.find("endLine")->as_integer();
        const auto anchors = packet.anchors.find(file);
        if (anchors == packet.anchors.end()) {
            ++out.droppedOffPlan;
            continue;
        }
        // Checked in 64 bits before any narrowing: line 2^32 + 4 is not line 4.
        if (start < 1 || end < start || !within_file(anchors->second, file, changes, end)) {
            ++out.droppedOffFile;
            continue;
        }
        if (!touches(anchors->second, start, end)) {
            ++out.droppedOffLines;
            continue;
        }
        const auto severity =
            contracts::enum_from_string<contracts::Severity>(item.find("severity")->as_string())
                .value_or(contracts::Severity::info);
        // Enum order runs from critical to info: "at or above block_at" is "not after it".
        const bool blocking = static_cast<int>(severity) <= static_cast<int>(block_at);
        json::Value evidence =
            json::Object{{"rationale", *item.find("rationale")}, {"source", "model"}};
        auto finding = lenses::api::make_finding(
            plan, item.find("ruleId")->as_string(), severity, blocking, file, start,
            item.find("summary")->as_string(), std::move(evidence), json::canonical(item));
        finding.endLine = end;
        out.findings.push_back(std::move(finding));
    }
    return out;
}

}  // namespace qa::lenses::model
