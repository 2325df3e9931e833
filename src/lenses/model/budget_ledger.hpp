#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "lenses/api/services.hpp"
#include "util/cancellation.hpp"

namespace qa::lenses::model {

/// A deterministic estimate of a request's input tokens: one token per 4 bytes of the request
/// body (canonical JSON: instructions, context packet and answer schema), rounded up. Real
/// tokenizers give about 3.5-4.5 bytes per token on code; the estimate only has to be the same
/// for the same request on every machine, since it decides admission before any call.
std::int64_t estimate_input_tokens(std::size_t request_body_bytes);

/// The run's token and cost budget (`run_max_tokens`, `run_max_cost_usd`), shared by the model
/// lens plans of one run.
///
/// Admission is deterministic at any core count: plans take their turn in queue order (a plan
/// waits until every ordered plan before it has reserved or passed), and admission compares the
/// run budget with the sum of earlier *reservations*, never with usage that happens to have
/// settled already. Actual usage settles afterwards.
class RunBudgetLedger final : public lenses::api::BudgetLedger {
  public:
    /// `order`: the planOrdinals of the plans that spend budget, in queue order. A plan not
    /// listed is admitted without waiting.
    RunBudgetLedger(std::int64_t run_max_tokens, std::optional<double> run_max_cost_usd,
                    std::vector<std::int64_t> order);

    std::optional<Reservation> reserve(std::int64_t plan_ordinal, std::int64_t tokens,
                                       std::optional<double> cost_usd,
                                       const util::CancellationToken& cancel) override;
    void pass(std::int64_t plan_ordinal) override;
    void settle(const Reservation& reservation, std::int64_t tokens_used,
                std::optional<double> cost_usd) override;

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
/// plans after it never wait for it.
class LedgerTurn {
  public:
    LedgerTurn(lenses::api::BudgetLedger* ledger, std::int64_t plan_ordinal)
        : ledger_(ledger), ordinal_(plan_ordinal) {}
    ~LedgerTurn() {
        if (ledger_ != nullptr) {
            ledger_->pass(ordinal_);
        }
    }
    LedgerTurn(const LedgerTurn&) = delete;
    LedgerTurn& operator=(const LedgerTurn&) = delete;

  private:
    lenses::api::BudgetLedger* ledger_;
    std::int64_t ordinal_;
};

}  // namespace qa::lenses::model
