#include "git/line_set.hpp"

#include <algorithm>
#include <cstring>

namespace qa::git {

namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

}  // namespace

std::string_view LineSet::keep(std::string_view text) {
    if (text.empty()) {
        return {};
    }
    if (capacity_ - used_ < text.size()) {
        capacity_ = std::max(kChunkBytes, text.size());
        chunks_.push_back(std::make_unique<char[]>(capacity_));
        used_ = 0;
    }
    char* at = chunks_.back().get() + used_;
    std::memcpy(at, text.data(), text.size());
    used_ += text.size();
    return {at, text.size()};
}

bool LineSet::insert(std::string_view text) {
    if (set_.count(text) > 0) {
        return false;
    }
    set_.insert(keep(text));
    return true;
}

}  // namespace qa::git
