#include "lenses/model/budget_ledger.hpp"

#include <algorithm>
#include <chrono>

namespace qa::lenses::model {

std::int64_t estimate_input_tokens(std::size_t request_body_bytes) {
    return static_cast<std::int64_t>((request_body_bytes + 3) / 4);
}

BudgetLedger::BudgetLedger(std::int64_t run_max_tokens, std::optional<double> run_max_cost_usd,
                           std::vector<std::int64_t> order)
    : maxTokens_(run_max_tokens), maxCost_(run_max_cost_usd), order_(std::move(order)) {}

bool BudgetLedger::is_turn(std::int64_t plan_ordinal) const {
    if (std::find(order_.begin(), order_.end(), plan_ordinal) == order_.end()) {
        return true;  // not a listed plan: no ordering to keep
    }
    for (const std::int64_t o : order_) {
        if (o == plan_ordinal) {
            return true;
        }
        if (!done_.count(o)) {
            return false;
        }
    }
    return true;
}

void BudgetLedger::take_turn(std::int64_t plan_ordinal) {
    done_[plan_ordinal] = true;
    cv_.notify_all();
}

BudgetLedger::Admission BudgetLedger::reserve(std::int64_t plan_ordinal,
                                              const Reservation& reservation,
                                              const providers::StopCheck& stop) {
    std::unique_lock lock(mutex_);
    while (!is_turn(plan_ordinal)) {
        if (providers::stop_requested(stop)) {
            return Admission::stopped;
        }
        cv_.wait_for(lock, std::chrono::milliseconds(20));
    }
    if (done_.count(plan_ordinal)) {
        return Admission::run_exceeded;  // a second reservation of one plan is never admitted
    }
    const std::int64_t tokens = reservation.inputTokens + reservation.outputTokens;
    const bool over_tokens = reservedTokens_ + tokens > maxTokens_;
    const bool over_cost =
        maxCost_ && reservation.costUsd && reservedCost_ + *reservation.costUsd > *maxCost_;
    if (over_tokens || over_cost) {
        take_turn(plan_ordinal);
        return Admission::run_exceeded;
    }
    reservedTokens_ += tokens;
    reservedCost_ += reservation.costUsd.value_or(0.0);
    take_turn(plan_ordinal);
    return Admission::admitted;
}

void BudgetLedger::pass(std::int64_t plan_ordinal) {
    std::lock_guard lock(mutex_);
    if (!done_.count(plan_ordinal)) {
        take_turn(plan_ordinal);
    }
}

void BudgetLedger::settle(std::int64_t, const contracts::UsageMetrics& actual) {
    std::lock_guard lock(mutex_);
    settledTokens_ += actual.totalTokens.value_or(actual.inputTokens.value_or(0) +
                                                  actual.outputTokens.value_or(0));
}

std::int64_t BudgetLedger::reservedTokens() const {
    std::lock_guard lock(mutex_);
    return reservedTokens_;
}

std::int64_t BudgetLedger::settledTokens() const {
    std::lock_guard lock(mutex_);
    return settledTokens_;
}

}  // namespace qa::lenses::model
