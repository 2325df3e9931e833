#include "util/child_registry.hpp"

#include <signal.h>

#include <vector>

#include "util/process_tree.hpp"

namespace qa::util {

void ChildRegistry::add(pid_t pgid) {
    std::lock_guard lock(mu_);
    groups_.insert(pgid);
}

void ChildRegistry::remove(pid_t pgid) {
    std::lock_guard lock(mu_);
    groups_.erase(pgid);
}

void ChildRegistry::add_process(pid_t pid) {
    std::lock_guard lock(mu_);
    processes_.insert(pid);
}

void ChildRegistry::remove_process(pid_t pid) {
    std::lock_guard lock(mu_);
    processes_.erase(pid);
}

std::size_t ChildRegistry::signal_all(int sig) const {
    std::lock_guard lock(mu_);
    for (const pid_t g : groups_) {
        ::kill(-g, sig);
    }
    for (const pid_t p : processes_) {
        ::kill(p, sig);
    }
    return groups_.size();
}

void ChildRegistry::kill_all_and_wait(std::chrono::milliseconds limit) const {
    std::vector<pid_t> pids;
    {
        std::lock_guard lock(mu_);
        for (const pid_t g : groups_) {
            ::kill(-g, SIGKILL);
            pids.push_back(g);  // a group's leader is its child
        }
        pids.insert(pids.end(), processes_.begin(), processes_.end());
    }
    kill_and_wait(pids, limit);
}

std::size_t ChildRegistry::size() const {
    std::lock_guard lock(mu_);
    return groups_.size();
}

}  // namespace qa::util
