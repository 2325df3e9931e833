#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "contracts/types.hpp"
#include "providers/binding.hpp"

namespace qa::providers {

/// UsageMetrics from the token counts a response reported and the binding's price table:
/// - both counts known: tokens filled; costUsd from the price table, or null with
///   unavailableReason PROVIDER_NOT_SUPPORTED when the binding has none;
/// - a count missing: every field null, unavailableReason MISSING_USAGE_DATA.
/// `warnings` gets PROVIDER_USAGE_UNAVAILABLE whenever a field is null.
contracts::UsageMetrics usage_from(std::optional<std::int64_t> input_tokens,
                                   std::optional<std::int64_t> output_tokens,
                                   const std::optional<PriceTable>& prices,
                                   std::vector<contracts::ErrorCode>& warnings);

/// Cost in USD of a token count, rounded to 1e-9 USD so sums do not depend on addition order
/// beyond what a double shows.
double cost_usd(std::int64_t input_tokens, std::int64_t output_tokens, const PriceTable& prices);

/// Usage of a call that produced no usable answer: all null, ADAPTER_ERROR.
contracts::UsageMetrics failed_call_usage();

}  // namespace qa::providers
