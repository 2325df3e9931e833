#include "lenses/text_lines.hpp"

#include <algorithm>

namespace qa::lenses {

std::vector<std::string_view> split_lines(std::string_view content) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < content.size()) {
        const std::size_t end = content.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(content.substr(start));
            break;
        }
        lines.push_back(content.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::optional<std::string_view> LineCursor::line(std::size_t number) {
    if (number == 0) {
        return std::nullopt;
    }
    while (number_ > number) {  // back: the previous line ends at start_ - 1
        const std::size_t nl = start_ >= 2 ? text_.rfind('\n', start_ - 2) : std::string_view::npos;
        start_ = nl == std::string_view::npos ? 0 : nl + 1;
        --number_;
    }
    while (number_ < number && start_ < text_.size()) {
        const std::size_t nl = text_.find('\n', start_);
        if (nl == std::string_view::npos) {
            return std::nullopt;
        }
        start_ = nl + 1;
        ++number_;
    }
    if (number_ != number || start_ >= text_.size()) {
        return std::nullopt;  // a final '\n' ends the last line: no empty line after it
    }
    const std::size_t end = text_.find('\n', start_);
    return text_.substr(start_, end == std::string_view::npos ? end : end - start_);
}

std::uint32_t code_points(std::string_view text) {
    return static_cast<std::uint32_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::uint32_t code_point_column(std::string_view line, std::uint32_t byte_column) {
    if (byte_column == 0) {
        return 0;
    }
    return 1 + code_points(line.substr(0, std::min<std::size_t>(byte_column - 1, line.size())));
}

}  // namespace qa::lenses
