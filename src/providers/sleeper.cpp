#include "providers/sleeper.hpp"

#include <condition_variable>
#include <mutex>

namespace qa::providers {

bool ThreadSleeper::sleep_for(std::chrono::milliseconds delay, std::stop_token stop) const {
    std::mutex mutex;
    std::condition_variable_any cv;
    std::unique_lock lock(mutex);
    // wait_for with a stop token returns early (with the predicate's value) when stop is asked.
    cv.wait_for(lock, stop, delay, [] { return false; });
    return !stop.stop_requested();
}

}  // namespace qa::providers
