#include "lenses/answer_text.hpp"

#include <algorithm>
#include <cctype>

#include "rules/scrub.hpp"

namespace qa::lenses {

bool valid_answer_rule_id(std::string_view id) {
    return !id.empty() && id.size() <= 128 && std::all_of(id.begin(), id.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalnum(u) != 0 || c == '.' || c == '_' || c == '/' || c == '-';
    });
}

std::string clean_answer_text(const rules::RuleSet& credentials, std::string_view file,
                              std::string_view text) {
    std::string out = rules::without_secrets(credentials, file, text);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto c = static_cast<unsigned char>(out[i]);
        if (c < 0x20 || c == 0x7f) {
            out[i] = ' ';
        } else if (c == 0xc2 && i + 1 < out.size()) {
            // U+0080..U+009F, the C1 controls (CSI, OSC...): two bytes, two spaces.
            const auto next = static_cast<unsigned char>(out[i + 1]);
            if (next >= 0x80 && next <= 0x9f) {
                out[i] = ' ';
                out[i + 1] = ' ';
                ++i;
            }
        }
    }
    return out;
}

json::Value clean_answer_value(const rules::RuleSet& credentials, std::string_view file,
                               const json::Value& value) {
    if (value.is_string()) {
        return clean_answer_text(credentials, file, value.as_string());
    }
    if (value.is_array()) {
        json::Array out;
        for (const auto& item : value.as_array()) {
            out.push_back(clean_answer_value(credentials, file, item));
        }
        return out;
    }
    if (value.is_object()) {
        json::Object out;
        for (const auto& [key, item] : value.as_object()) {
            out.emplace_back(clean_answer_text(credentials, file, key),
                             clean_answer_value(credentials, file, item));
        }
        return out;
    }
    return value;
}

}  // namespace qa::lenses
