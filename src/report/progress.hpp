#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace qa::report {

/// A "still checking" line on stderr while a run takes more than a second, so a slow hook does
/// not look hung. Only on a terminal (never in a log or a pipe); the line is erased when the
/// object is destroyed, before the report is printed. The thread is joined, never detached.
class Progress {
  public:
    /// `what` names the change, e.g. "staged changes". Does nothing when `enabled` is false.
    Progress(std::string what, bool enabled);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    /// True when stderr is a terminal: the only place a progress line belongs.
    static bool wanted();

  private:
    void loop(const std::stop_token& stop);

    std::string what_;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    bool shown_ = false;
    std::jthread thread_;  ///< last: started after the members it reads
};

}  // namespace qa::report
