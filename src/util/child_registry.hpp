#pragma once

#include <sys/types.h>

#include <mutex>
#include <set>

namespace qa::util {

/// The process groups of the child processes alive right now, so that an interrupted run can
/// kill them all before it exits (a child's own children are in its group). run_process adds a
/// group when it starts a child and removes it once the child is reaped. Owned by whoever owns
/// the run (the binaries' Failsafe) and passed down; thread-safe. Not for signal handlers: the
/// Failsafe reads it from its watcher thread.
class ChildRegistry {
  public:
    void add(pid_t pgid);
    void remove(pid_t pgid);
    /// Sends `sig` to every registered group; returns how many there were.
    std::size_t signal_all(int sig) const;
    std::size_t size() const;

  private:
    mutable std::mutex mu_;
    std::set<pid_t> groups_;
};

}  // namespace qa::util
