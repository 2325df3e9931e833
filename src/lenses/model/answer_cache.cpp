#include "lenses/model/answer_cache.hpp"

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "settings/openai_api.hpp"
#include "util/sha256.hpp"

namespace qa::lenses::model {

cache::CacheKey answer_cache_key(const std::string& cache_name, const providers::Binding& binding,
                                 const std::string& request_body,
                                 const std::string& prompt_template_hash) {
    const json::Value inputs = json::Object{
        {"requestBody", request_body},
        {"adapterId", contracts::to_string(binding.pinned.adapterId)},
        {"adapterVersion", binding.pinned.adapterVersion},
        {"binding", contracts::to_json(binding.pinned)},
        {"api", settings::to_string(binding.api)},
        {"sampling", binding.sampling},
        {"baseUrl", binding.baseUrl},
        {"promptTemplateHash", prompt_template_hash},
    };
    return cache::make_key(cache_name, inputs);
}

std::string encode_answer(const CachedAnswer& a) {
    json::Array warnings;
    for (const auto code : a.warningCodes) {
        warnings.emplace_back(contracts::to_string(code));
    }
    return json::canonical(json::Object{{"answer", a.answer},
                                        {"usage", contracts::to_json(a.usage)},
                                        {"warningCodes", std::move(warnings)},
                                        {"adapterResponseHash", a.adapterResponseHash}});
}

std::optional<CachedAnswer> decode_answer(const std::string& text) {
    try {
        const json::Value doc = json::parse(text);
        CachedAnswer a;
        const json::Value* answer = doc.find("answer");
        const json::Value* usage = doc.find("usage");
        const json::Value* warnings = doc.find("warningCodes");
        const json::Value* hash = doc.find("adapterResponseHash");
        if (answer == nullptr || !answer->is_object() || usage == nullptr || warnings == nullptr ||
            !warnings->is_array() || hash == nullptr || !hash->is_string()) {
            return std::nullopt;
        }
        a.answer = *answer;
        a.usage = contracts::from_json<contracts::UsageMetrics>(*usage);
        for (const auto& w : warnings->as_array()) {
            const auto code = w.is_string()
                                  ? contracts::enum_from_string<contracts::ErrorCode>(w.as_string())
                                  : std::nullopt;
            if (!code) {
                return std::nullopt;
            }
            a.warningCodes.push_back(*code);
        }
        a.adapterResponseHash = hash->as_string();
        return a;
    } catch (const std::exception&) {
        return std::nullopt;  // a corrupt entry is a miss
    }
}

bool answer_is_sound(std::string_view value, const json::SchemaValidator& findings) {
    const auto answer = decode_answer(std::string(value));
    if (!answer ||
        answer->adapterResponseHash != util::sha256_hex(json::canonical(answer->answer))) {
        return false;
    }
    try {
        return findings.validate(answer->answer).empty();
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace qa::lenses::model
