// ProviderBinding: which model a lens calls and how.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const ProviderBinding& v) {
    return json::Object{
        {"bindingId", v.bindingId},
        {"adapterId", io::enum_value(v.adapterId)},
        {"adapterVersion", v.adapterVersion},
        {"modelId", v.modelId},
        {"temperature", v.temperature},
        {"topP", v.topP},
        {"maxTokens", v.maxTokens},
        {"seed", io::opt_integer(v.seed)},
        {"timeoutMs", v.timeoutMs},
        {"retryMax", v.retryMax},
        {"retryBackoffMs", json::Array{v.retryBackoffMs[0], v.retryBackoffMs[1]}},
    };
}

ProviderBinding io::read_provider_binding(const Field& f) {
    const Members m(f, "ProviderBinding",
                    {"bindingId", "adapterId", "adapterVersion", "modelId", "temperature", "topP",
                     "maxTokens", "seed", "timeoutMs", "retryMax", "retryBackoffMs"});
    ProviderBinding v;
    v.bindingId = read_string(m["bindingId"]);
    v.adapterId = read_enum<AdapterId>(m["adapterId"]);
    v.adapterVersion = read_string(m["adapterVersion"]);
    v.modelId = read_string(m["modelId"]);
    v.temperature = read_literal_number(m["temperature"], 0);
    v.topP = read_literal_number(m["topP"], 1);
    v.maxTokens = read_integer(m["maxTokens"], 0);
    v.seed = read_opt_integer(m["seed"], std::nullopt);
    v.timeoutMs = read_integer(m["timeoutMs"], 0);
    v.retryMax = static_cast<std::int64_t>(read_literal_number(m["retryMax"], 2));
    const Field backoff = m["retryBackoffMs"];
    const auto& b = backoff.value;
    if (!b.is_array() || b.as_array().size() != 2 || !b.as_array()[0].is_number() ||
        !b.as_array()[1].is_number() || b.as_array()[0].as_double() != 500 ||
        b.as_array()[1].as_double() != 1500) {
        fail(backoff, "the literal [500, 1500]");
    }
    return v;
}

}  // namespace qa::contracts
