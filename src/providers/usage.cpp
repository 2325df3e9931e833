#include "providers/usage.hpp"

#include <cmath>

namespace qa::providers {

using contracts::ErrorCode;
using contracts::UsageUnavailableReason;

double cost_usd(std::int64_t input_tokens, std::int64_t output_tokens, const PriceTable& prices) {
    const double usd = (static_cast<double>(input_tokens) * prices.inputUsdPerMtok +
                        static_cast<double>(output_tokens) * prices.outputUsdPerMtok) /
                       1e6;
    return std::round(usd * 1e9) / 1e9;
}

contracts::UsageMetrics usage_from(std::optional<std::int64_t> input_tokens,
                                   std::optional<std::int64_t> output_tokens,
                                   const std::optional<PriceTable>& prices,
                                   std::vector<ErrorCode>& warnings) {
    contracts::UsageMetrics u;
    if (!input_tokens || !output_tokens) {
        u.unavailableReason = UsageUnavailableReason::MISSING_USAGE_DATA;
        warnings.push_back(ErrorCode::PROVIDER_USAGE_UNAVAILABLE);
        return u;
    }
    u.inputTokens = *input_tokens;
    u.outputTokens = *output_tokens;
    u.totalTokens = *input_tokens + *output_tokens;
    if (prices) {
        u.costUsd = cost_usd(*input_tokens, *output_tokens, *prices);
    } else {
        u.unavailableReason = UsageUnavailableReason::PROVIDER_NOT_SUPPORTED;
        warnings.push_back(ErrorCode::PROVIDER_USAGE_UNAVAILABLE);
    }
    return u;
}

contracts::UsageMetrics failed_call_usage() {
    contracts::UsageMetrics u;
    u.unavailableReason = UsageUnavailableReason::ADAPTER_ERROR;
    return u;
}

}  // namespace qa::providers
