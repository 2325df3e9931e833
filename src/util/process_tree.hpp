#pragma once

#include <sys/types.h>

#include <chrono>
#include <vector>

namespace qa::util {

/// Every process below `root` (children, their children...), read from
/// /proc/<pid>/task/<tid>/children. A process that started its own session (bubblewrap's
/// sandbox init runs under --new-session) is outside its parent's process group, so killing
/// the group alone does not reach it; this list does.
/// `max_depth` bounds the walk (1: the children only).
std::vector<pid_t> descendants(pid_t root, int max_depth = 1 << 30);

/// True when `pid` runs nothing any more: gone from /proc, or a zombie.
bool is_gone(pid_t pid);

/// SIGKILLs every process of `pids` and waits, at most `limit`, until all are gone (a kill is
/// delivered asynchronously; a pid namespace's init dies only after its namespace is empty).
void kill_and_wait(const std::vector<pid_t>& pids, std::chrono::milliseconds limit);

}  // namespace qa::util
