#pragma once

#include <sys/types.h>

#include <chrono>
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
    /// A descendant that left its child's group (bubblewrap's sandbox init runs in a session of
    /// its own): killed one by one, and waited for, since no group signal reaches it.
    void add_process(pid_t pid);
    void remove_process(pid_t pid);
    /// Sends `sig` to every registered group and process; returns how many groups there were.
    std::size_t signal_all(int sig) const;
    /// SIGKILL to every group and process, then waits (at most `limit`) until the registered
    /// processes are gone: an exiting binary leaves nothing running behind it.
    void kill_all_and_wait(std::chrono::milliseconds limit) const;
    std::size_t size() const;

  private:
    mutable std::mutex mu_;
    std::set<pid_t> groups_;
    std::set<pid_t> processes_;
};

}  // namespace qa::util
