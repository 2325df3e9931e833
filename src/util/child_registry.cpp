#include "util/child_registry.hpp"

#include <signal.h>

namespace qa::util {

void ChildRegistry::add(pid_t pgid) {
    std::lock_guard lock(mu_);
    groups_.insert(pgid);
}

void ChildRegistry::remove(pid_t pgid) {
    std::lock_guard lock(mu_);
    groups_.erase(pgid);
}

std::size_t ChildRegistry::signal_all(int sig) const {
    std::lock_guard lock(mu_);
    for (const pid_t g : groups_) {
        ::kill(-g, sig);
    }
    return groups_.size();
}

std::size_t ChildRegistry::size() const {
    std::lock_guard lock(mu_);
    return groups_.size();
}

}  // namespace qa::util
