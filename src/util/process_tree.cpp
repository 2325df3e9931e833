#include "util/process_tree.hpp"

#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>

namespace qa::util {

std::vector<pid_t> descendants(pid_t root, int max_depth) {
    std::vector<pid_t> found;
    std::vector<std::pair<pid_t, int>> queue = {{root, 0}};
    while (!queue.empty()) {
        const auto [p, depth] = queue.back();
        queue.pop_back();
        if (depth >= max_depth) {
            continue;
        }
        std::error_code ec;
        const std::filesystem::path tasks = "/proc/" + std::to_string(p) + "/task";
        for (auto it = std::filesystem::directory_iterator(tasks, ec);
             !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
            std::ifstream in(it->path() / "children");
            long child = 0;
            while (in >> child) {
                found.push_back(static_cast<pid_t>(child));
                queue.emplace_back(static_cast<pid_t>(child), depth + 1);
            }
        }
    }
    return found;
}

bool is_gone(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    const std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // "pid (comm) state ...": comm may hold spaces and parentheses, so read after the last ')'.
    const auto close_paren = stat.rfind(')');
    if (stat.empty() || close_paren == std::string::npos || close_paren + 2 >= stat.size()) {
        return true;
    }
    const char state = stat[close_paren + 2];
    return state == 'Z' || state == 'X';
}

void kill_and_wait(const std::vector<pid_t>& pids, std::chrono::milliseconds limit) {
    for (const pid_t p : pids) {
        ::kill(p, SIGKILL);
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline &&
           !std::all_of(pids.begin(), pids.end(), is_gone)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

}  // namespace qa::util
