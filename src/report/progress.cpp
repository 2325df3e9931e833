#include "report/progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace qa::report {

Progress::Progress(std::string what, bool enabled) : what_(std::move(what)) {
    if (enabled) {
        thread_ = std::jthread([this](const std::stop_token& stop) { loop(stop); });
    }
}

Progress::~Progress() {
    if (thread_.joinable()) {
        thread_.request_stop();
        thread_.join();
    }
    if (shown_) {
        std::fputs("\r\033[K", stderr);  // erase the progress line before the report
        std::fflush(stderr);
    }
}

bool Progress::wanted() {
    return ::isatty(STDERR_FILENO) == 1;
}

void Progress::loop(const std::stop_token& stop) {
    using namespace std::chrono_literals;
    std::unique_lock lock(mutex_);
    for (int seconds = 1;; ++seconds) {
        wake_.wait_for(lock, stop, 1s, [] { return false; });  // wakes early on stop
        if (stop.stop_requested()) {
            return;
        }
        std::fprintf(stderr, "\rqa-skill: checking %s... %ds", what_.c_str(), seconds);
        std::fflush(stderr);
        shown_ = true;
    }
}

}  // namespace qa::report
