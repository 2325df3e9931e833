#include "lenses/model/anchored_findings.hpp"

#include "dispatch/findings.hpp"
#include "json/canonical.hpp"

namespace qa::lenses::model {

namespace {

bool touches(const AnchorLines& anchors, std::int64_t start, std::int64_t end) {
    if (start < 1 || end < start) {
        return false;
    }
    if (anchors.wholeFile) {
        return start <= anchors.lineCount;
    }
    const auto it = anchors.lines.lower_bound(static_cast<std::uint32_t>(start));
    return it != anchors.lines.end() && *it <= end;
}

}  // namespace

AnchoredFindings anchor_findings(const contracts::LensPlan& plan, const json::Value& answer,
                                 const ContextPacket& packet, contracts::Severity block_at) {
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
        auto finding = dispatch::make_finding(
            plan, item.find("ruleId")->as_string(), severity, blocking, file, start,
            item.find("summary")->as_string(), std::move(evidence), json::canonical(item));
        finding.endLine = end;
        out.findings.push_back(std::move(finding));
    }
    return out;
}

}  // namespace qa::lenses::model
