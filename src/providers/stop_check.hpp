#pragma once

#include <functional>

namespace qa::providers {

/// "Should the work stop now?", polled by libcurl's progress callback and between the slices of
/// a retry wait. Any cancellation token fits (a std::stop_token, the run's cancellation token
/// with its deadline); an empty function never stops.
using StopCheck = std::function<bool()>;

inline bool stop_requested(const StopCheck& stop) { return stop && stop(); }

}  // namespace qa::providers
