#pragma once

#include <cstddef>
#include <functional>

namespace qa::util {

/// Calls `body(i)` for every i in [0, count) on up to `threads` threads (the calling thread is
/// one of them), each index exactly once, and returns when all are done. What the calls write
/// must depend on i alone, so results never depend on the thread count. When calls throw, every
/// index still runs and the exception of the lowest index is rethrown: the same error whatever
/// the thread count and timing.
void parallel_for(std::size_t count, std::size_t threads,
                  const std::function<void(std::size_t)>& body);

}  // namespace qa::util
