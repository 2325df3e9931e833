// UsageMetrics: tokens and cost of a lens or a run.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const UsageMetrics& v) {
    return json::Object{
        {"inputTokens", io::opt_integer(v.inputTokens)},
        {"outputTokens", io::opt_integer(v.outputTokens)},
        {"totalTokens", io::opt_integer(v.totalTokens)},
        {"costUsd", io::opt_number(v.costUsd)},
        {"unavailableReason",
         v.unavailableReason ? io::enum_value(*v.unavailableReason) : json::Value()},
    };
}

UsageMetrics io::read_usage_metrics(const Field& f) {
    const Members m(f, "UsageMetrics",
                    {"inputTokens", "outputTokens", "totalTokens", "costUsd", "unavailableReason"});
    UsageMetrics v;
    v.inputTokens = read_opt_integer(m["inputTokens"], 0);
    v.outputTokens = read_opt_integer(m["outputTokens"], 0);
    v.totalTokens = read_opt_integer(m["totalTokens"], 0);
    v.costUsd = read_opt_cost(m["costUsd"]);
    v.unavailableReason =
        nullable<UsageUnavailableReason>(m["unavailableReason"], read_enum<UsageUnavailableReason>);
    return v;
}

}  // namespace qa::contracts
