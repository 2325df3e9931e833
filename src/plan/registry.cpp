#include "plan/registry.hpp"

#include <algorithm>

#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "util/embedded_files.hpp"

namespace qa::plan {
namespace {

std::vector<std::string> strings(const json::Value& v) {
    std::vector<std::string> out;
    for (const auto& item : v.as_array()) {
        out.push_back(item.as_string());
    }
    return out;
}

}  // namespace

const LensEntry* Registry::find(std::string_view lens_id) const {
    const auto it = std::find_if(lenses.begin(), lenses.end(),
                                 [&](const LensEntry& l) { return l.lensId == lens_id; });
    return it == lenses.end() ? nullptr : &*it;
}

std::vector<std::string> Registry::lens_ids() const {
    std::vector<std::string> ids;
    for (const auto& l : lenses) {
        ids.push_back(l.lensId);
    }
    return ids;
}

Registry parse_registry(std::string_view json_text) {
    // The schema checks shape and types, so the reads below cannot meet a surprise.
    const auto errors = json::SchemaValidator::embedded("lens-registry.v1").validate(json_text);
    if (!errors.empty()) {
        throw json::Error(errors.front().pointer, "lens registry: " + errors.front().message);
    }
    const json::Value doc = json::parse(json_text);
    Registry registry;
    for (const auto& [cls, priority] : doc.find("lensClassPriority")->as_object()) {
        registry.lensClassPriority[cls] = priority.as_integer();
    }
    registry.broadScanThreshold = doc.find("broadScanThreshold")->as_double();
    for (const auto& l : doc.find("lenses")->as_array()) {
        LensEntry entry;
        entry.lensId = l.find("lensId")->as_string();
        // The schema admits the enums' spellings only: the lookups cannot fail.
        entry.lensClass =
            *contracts::enum_from_string<contracts::LensClass>(l.find("lensClass")->as_string());
        entry.lensVersion = l.find("lensVersion")->as_string();
        entry.kind = *input::lens_kind_from(l.find("kind")->as_string());
        entry.engine = l.find("engine")->as_string();
        entry.description = l.find("description")->as_string();
        const json::Value& defaults = *l.find("defaults");
        entry.blockingPolicy = *contracts::enum_from_string<contracts::BlockingPolicy>(
            defaults.find("blockingPolicy")->as_string());
        entry.maxInputTokens = defaults.find("maxInputTokens")->as_integer();
        entry.maxOutputTokens = defaults.find("maxOutputTokens")->as_integer();
        entry.fullContext = defaults.find("fullContext")->as_bool();
        for (const auto& s : l.find("subLenses")->as_array()) {
            SubLensEntry sub;
            if (!s.find("subLensId")->is_null()) {
                sub.subLensId = s.find("subLensId")->as_string();
            }
            const json::Value& t = *s.find("triggers");
            sub.triggers = {strings(*t.find("paths")), strings(*t.find("languages")),
                            strings(*t.find("fileKinds"))};
            sub.model = s.find("kind") != nullptr;  // the schema admits "model" only
            entry.subLenses.push_back(std::move(sub));
        }
        if (registry.find(entry.lensId) != nullptr) {
            throw json::Error("/lenses",
                              "lens registry: duplicate lensId \"" + entry.lensId + "\"");
        }
        registry.lenses.push_back(std::move(entry));
    }
    return registry;
}

Registry read_builtin_registry() {
    const auto text = util::find_embedded("lenses/registry.v1.json");
    if (!text) {
        throw json::Error("", "lens registry missing from the binary");
    }
    return parse_registry(*text);
}

}  // namespace qa::plan
