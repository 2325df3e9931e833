#pragma once

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace qa::test {

/// How many processes of group `pgid` are running (not zombies), read from /proc: what a
/// test checks to show that no child process outlived its run.
inline std::size_t live_processes_in_group(pid_t pgid) {
    std::size_t count = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) {
            continue;
        }
        std::ifstream in(entry.path() / "stat");
        std::string stat((std::istreambuf_iterator<char>(in)), {});
        // "pid (comm) state ppid pgrp ...": comm may hold spaces, so parse after the last ')'.
        const auto close = stat.rfind(')');
        if (close == std::string::npos) {
            continue;
        }
        std::istringstream rest(stat.substr(close + 1));
        char state = 0;
        long ppid = 0, pgrp = 0;
        rest >> state >> ppid >> pgrp;
        if (rest && pgrp == pgid && state != 'Z' && state != 'X') {
            ++count;
        }
    }
    return count;
}

}  // namespace qa::test
