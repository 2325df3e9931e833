#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "providers/stop_check.hpp"

namespace qa::lenses::model {

/// A deterministic estimate of a request's input tokens: one token per 4 bytes of the request
/// body (canonical JSON: instructions, context packet and answer schema), rounded up. Real
/// tokenizers give about 3.5-4.5 bytes per token on code; the estimate only has to be the same
/// for the same request on every machine, since it decides admission before any call.
std::int64_t estimate_input_tokens(std::size_t request_body_bytes);

/// What a plan asks the ledger for before its call.
struct Reservation {
    std::int64_t inputTokens = 0;   ///< estimate_input_tokens of the request
    std::int64_t outputTokens = 0;  ///< the request's output cap
    std::optional<double> costUsd;  ///< at the binding's prices; null without a price table
};

/// The run's token and cost budget, shared by the model lens plans of one run.
///
/// Admission is deterministic at any core count: plans take their turn in queue order (a plan
/// waits until every model plan before it has reserved or passed), and admission compares the
/// run budget with the sum of earlier *reservations*, never with usage that happens to have
/// settled already. Actual usage settles afterwards and is what the run reports.
class BudgetLedger {
  public:
    /// `order`: the planOrdinals of the model plans, in queue order.
    BudgetLedger(std::int64_t run_max_tokens, std::optional<double> run_max_cost_usd,
                 std::vector<std::int64_t> order);

    enum class Admission { admitted, run_exceeded, stopped };

    /// Waits for the plan's turn, then reserves when the run budget allows it. `stopped` when
    /// `stop` asked to give up while waiting.
    Admission reserve(std::int64_t plan_ordinal, const Reservation& reservation,
                      const providers::StopCheck& stop = {});
    /// Takes the plan's turn without reserving (it makes no call). Idempotent; a plan that
    /// already reserved is unaffected.
    void pass(std::int64_t plan_ordinal);
    /// Records what the call actually used.
    void settle(std::int64_t plan_ordinal, const contracts::UsageMetrics& actual);

    std::int64_t reservedTokens() const;
    std::int64_t settledTokens() const;

  private:
    bool is_turn(std::int64_t plan_ordinal) const;
    void take_turn(std::int64_t plan_ordinal);

    mutable std::mutex mutex_;
    std::condition_variable cv_;
    const std::int64_t maxTokens_;
    const std::optional<double> maxCost_;
    std::vector<std::int64_t> order_;
    std::map<std::int64_t, bool> done_;  ///< ordinal -> took its turn
    std::int64_t reservedTokens_ = 0;
    double reservedCost_ = 0;
    std::int64_t settledTokens_ = 0;
};

/// RAII: a plan that leaves (returns, throws) without reserving still passes its turn, so the
/// plans after it never wait forever.
class LedgerTurn {
  public:
    LedgerTurn(BudgetLedger& ledger, std::int64_t plan_ordinal)
        : ledger_(ledger), ordinal_(plan_ordinal) {}
    ~LedgerTurn() { ledger_.pass(ordinal_); }
    LedgerTurn(const LedgerTurn&) = delete;
    LedgerTurn& operator=(const LedgerTurn&) = delete;

  private:
    BudgetLedger& ledger_;
    std::int64_t ordinal_;
};

}  // namespace qa::lenses::model
