#include "lenses/model/budget_ledger.hpp"

#include <algorithm>
#include <chrono>

namespace qa::lenses::model {

std::int64_t estimate_input_tokens(std::size_t request_body_bytes) {
    return static_cast<std::int64_t>((request_body_bytes + 3) / 4);
}

RunBudgetLedger::RunBudgetLedger(std::int64_t run_max_tokens,
                                 std::optional<double> run_max_cost_usd,
                                 std::vector<std::int64_t> order)
    : maxTokens_(run_max_tokens), maxCost_(run_max_cost_usd), order_(std::move(order)) {}

bool RunBudgetLedger::is_turn(std::int64_t plan_ordinal) const {
    if (std::find(order_.begin(), order_.end(), plan_ordinal) == order_.end()) {
        return true;  // not a listed plan: no ordering to keep
    }
    for (const std::int64_t o : order_) {
        if (o == plan_ordinal) {
            return true;
        }
        if (!done_.contains(o)) {
            return false;
        }
    }
    return true;
}

void RunBudgetLedger::take_turn(std::int64_t plan_ordinal) {
    done_[plan_ordinal] = true;
    cv_.notify_all();
}

std::optional<lenses::api::BudgetLedger::Reservation> RunBudgetLedger::reserve(
    std::int64_t plan_ordinal, std::int64_t tokens, std::optional<double> cost_usd,
    const util::CancellationToken& cancel) {
    std::unique_lock lock(mutex_);
    while (!is_turn(plan_ordinal)) {
        if (cancel.stop_requested()) {
            return std::nullopt;
        }
        // Wakes on every turn taken; the timeout only bounds how late a stop is seen.
        cv_.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (done_.contains(plan_ordinal)) {
        return std::nullopt;  // a second reservation of one plan is never admitted
    }
    take_turn(plan_ordinal);
    const bool over_tokens = reservedTokens_ + tokens > maxTokens_;
    const bool over_cost = maxCost_ && cost_usd && reservedCost_ + *cost_usd > *maxCost_;
    if (over_tokens || over_cost) {
        return std::nullopt;
    }
    reservedTokens_ += tokens;
    reservedCost_ += cost_usd.value_or(0.0);
    return Reservation{plan_ordinal, tokens, cost_usd};
}

void RunBudgetLedger::pass(std::int64_t plan_ordinal) {
    std::lock_guard lock(mutex_);
    if (!done_.contains(plan_ordinal)) {
        take_turn(plan_ordinal);
    }
}

void RunBudgetLedger::settle(const Reservation&, std::int64_t tokens_used, std::optional<double>) {
    std::lock_guard lock(mutex_);
    settledTokens_ += tokens_used;
}

std::int64_t RunBudgetLedger::reservedTokens() const {
    std::lock_guard lock(mutex_);
    return reservedTokens_;
}

std::int64_t RunBudgetLedger::settledTokens() const {
    std::lock_guard lock(mutex_);
    return settledTokens_;
}

}  // namespace qa::lenses::model
