#include "lenses/model/provenance.hpp"

namespace qa::lenses::model {

json::Value CallProvenance::to_json() const {
    return json::Object{{"lensId", lensId},       {"bindingId", bindingId},
                        {"modelId", modelId},     {"requestId", requestId},
                        {"latencyMs", latencyMs}, {"attempts", static_cast<std::int64_t>(attempts)},
                        {"cacheHit", cacheHit},   {"cacheKey", cacheKey}};
}

std::string provider_identifier(std::string_view raw) {
    constexpr std::size_t kMaxBytes = 128;
    std::string out(raw.substr(0, kMaxBytes));
    for (char& c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x21 || u > 0x7e) {
            c = '?';
        }
    }
    return out;
}

}  // namespace qa::lenses::model
