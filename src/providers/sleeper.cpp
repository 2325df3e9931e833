#include "providers/sleeper.hpp"

#include <algorithm>
#include <thread>

namespace qa::providers {

bool ThreadSleeper::sleep_for(std::chrono::milliseconds delay,
                              const util::CancellationToken& stop) const {
    constexpr std::chrono::milliseconds kSlice{20};
    const auto until = std::chrono::steady_clock::now() + delay;
    while (!stop.stop_requested()) {
        const auto left = until - std::chrono::steady_clock::now();
        if (left <= std::chrono::steady_clock::duration::zero()) {
            return true;
        }
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(left, kSlice));
    }
    return false;
}

}  // namespace qa::providers
