#include "lenses/model/model_answer.hpp"

#include "lenses/answer_text.hpp"

namespace qa::lenses::model {

namespace {

void clean_findings(const rules::RuleSet& credentials, json::Array& findings) {
    for (json::Value& item : findings) {
        if (!item.is_object()) {
            continue;
        }
        const json::Value* file = item.find("file");
        const std::string path = file != nullptr && file->is_string() ? file->as_string() : "";
        for (auto& [name, value] : item.as_object()) {
            if ((name == "summary" || name == "rationale") && value.is_string()) {
                value = clean_answer_text(credentials, path, value.as_string());
            }
        }
    }
}

}  // namespace

json::Value cleaned_model_answer(const rules::RuleSet& credentials, const json::Value& answer) {
    json::Value out = answer;
    if (!out.is_object()) {
        return out;
    }
    for (auto& [key, list] : out.as_object()) {
        if (key == "findings" && list.is_array()) {
            clean_findings(credentials, list.as_array());
        }
    }
    return out;
}

}  // namespace qa::lenses::model
