#include "report/finding_line.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "contracts/enums.hpp"
#include "report/finding_facts.hpp"
#include "report/quote_path.hpp"

namespace qa::report {
namespace {

std::string lens_of(const contracts::Finding& f) {
    return f.subLensId ? f.lensId + "/" + *f.subLensId : f.lensId;
}

/// Model lenses record `"source": "model"` and the model's reason as evidence.rationale.
bool from_model(const contracts::Finding& f) {
    const json::Value* source = f.evidence.is_object() ? f.evidence.find("source") : nullptr;
    return source != nullptr && source->is_string() && source->as_string() == "model";
}

std::string rationale_of(const contracts::Finding& f) {
    const json::Value* why = from_model(f) ? f.evidence.find("rationale") : nullptr;
    return why != nullptr && why->is_string() ? why->as_string() : std::string();
}

}  // namespace

std::vector<ListedFinding> merge_identical(std::span<const contracts::Finding* const> findings) {
    using Key = std::tuple<std::string_view, std::int64_t, std::int64_t, std::string_view,
                           std::string_view>;
    std::vector<ListedFinding> out;
    std::map<Key, std::size_t> seen;  // key -> index in out
    for (const contracts::Finding* f : findings) {
        const Key key{f->file, f->startLine, f->endLine, f->ruleId, f->summary};
        const auto [it, inserted] = seen.try_emplace(key, out.size());
        if (inserted) {
            out.push_back({f, {}, 1});
            continue;
        }
        ListedFinding& first = out[it->second];
        ++first.count;
        const std::string lens = lens_of(*f);
        if (lens != lens_of(*first.finding) &&
            std::find(first.alsoFrom.begin(), first.alsoFrom.end(), lens) == first.alsoFrom.end()) {
            first.alsoFrom.push_back(lens);
        }
    }
    return out;
}

std::string finding_line(const ListedFinding& item, const Palette& p, bool detail) {
    const contracts::Finding& f = *item.finding;
    const std::string why = rationale_of(f);
    const bool name_lens = from_model(f) || !item.alsoFrom.empty();
    const std::string rule = name_lens ? lens_of(f) + "/" + f.ruleId : f.ruleId;
    std::string out = "  " + std::string(p.bold) + position(f) + p.reset + "  " + p.yellow +
                      std::string(contracts::to_string(f.severity)) + p.reset + "  " +
                      printable(rule) + "  " + printable(f.summary);
    if (!item.alsoFrom.empty()) {
        std::string others;
        for (const auto& lens : item.alsoFrom) {
            others += (others.empty() ? "" : ", ") + printable(lens);
        }
        out += std::string("  ") + p.dim + "(also " + others + ")" + p.reset;
    }
    out += "\n";
    if (!detail) {
        return out;
    }
    const FindingFacts facts = facts_of(f);
    if (!facts.fix.empty()) {
        out += "      " + std::string(p.dim) + "fix: " + printable(facts.fix) + p.reset + "\n";
    }
    if (!why.empty()) {
        out += "      " + std::string(p.dim) + "why: " + printable(why) + p.reset + "\n";
    }
    // A failing command's last lines: the cause is often there ("No module named pytest").
    for (const auto& line : facts.outputTail) {
        out += "      " + std::string(p.dim) + "| " + printable(line) + p.reset + "\n";
    }
    return out;
}

}  // namespace qa::report
