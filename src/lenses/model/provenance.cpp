#include "lenses/model/provenance.hpp"

namespace qa::lenses::model {

json::Value CallProvenance::to_json() const {
    return json::Object{{"lensId", lensId},       {"bindingId", bindingId},
                        {"modelId", modelId},     {"requestId", requestId},
                        {"latencyMs", latencyMs}, {"attempts", static_cast<std::int64_t>(attempts)},
                        {"cacheHit", cacheHit},   {"cacheKey", cacheKey}};
}

}  // namespace qa::lenses::model
