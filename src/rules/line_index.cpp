#include "rules/line_index.hpp"

#include <algorithm>
#include <cstring>

namespace qa::rules {

LineIndex::LineIndex(std::string_view text) : text_(text) {
    // Counted first: grown by doubling, the index of a large file held up to twice its lines.
    starts_.reserve(1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')));
    starts_.push_back(0);
    const char* const end = text.data() + text.size();
    for (const char* at = text.data();;) {
        const auto* nl =
            static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
        if (nl == nullptr) {
            break;
        }
        at = nl + 1;
        starts_.push_back(static_cast<std::size_t>(at - text.data()));
    }
}

std::size_t LineIndex::line_of(std::size_t offset) const {
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    return static_cast<std::size_t>(it - starts_.begin()) - 1;
}

std::string_view LineIndex::text(std::size_t line) const {
    const std::size_t begin = starts_[line];
    std::size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text_.size();
    if (end > begin && text_[end - 1] == '\r') {
        --end;
    }
    return text_.substr(begin, end - begin);
}

std::uint32_t file_line(std::span<const std::uint32_t> numbers, std::size_t line) {
    if (numbers.empty()) {
        return static_cast<std::uint32_t>(line + 1);
    }
    if (line < numbers.size()) {
        return numbers[line];
    }
    return static_cast<std::uint32_t>(numbers.back() + (line - (numbers.size() - 1)));
}

}  // namespace qa::rules
