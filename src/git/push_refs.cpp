#include "git/push_refs.hpp"

#include <algorithm>

namespace qa::git {

namespace {

constexpr std::size_t kShaHexLength = 40;

bool is_sha(std::string_view text) {
    return text.size() == kShaHexLength && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, 120)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += c;
        }
    }
    if (text.size() > 120) {
        out += "...";
    }
    return out;
}

}  // namespace

bool is_zero_sha(std::string_view sha) {
    return sha.size() == kShaHexLength &&
           std::all_of(sha.begin(), sha.end(), [](char c) { return c == '0'; });
}

bool PushUpdate::is_deletion() const {
    return is_zero_sha(local_sha);
}

bool PushUpdate::is_new_ref() const {
    return !is_deletion() && is_zero_sha(remote_sha);
}

namespace {

/// Calls `visit(line, line_number)` for each non-empty line of a hook's stdin, without its
/// trailing "\r"; line numbers count every line, empty ones included.
template <class Visit>
void for_each_line(std::string_view input, Visit&& visit) {
    std::size_t line_number = 0;
    while (!input.empty()) {
        ++line_number;
        const std::size_t end = input.find('\n');
        std::string_view line = input.substr(0, end);
        input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (!line.empty()) {
            visit(line, line_number);
        }
    }
}

}  // namespace

std::vector<PushUpdate> parse_receive_lines(std::string_view input) {
    std::vector<PushUpdate> updates;
    for_each_line(input, [&](std::string_view line, std::size_t line_number) {
        const std::size_t a = line.find(' ');
        const std::size_t b = a == std::string_view::npos ? a : line.find(' ', a + 1);
        if (b == std::string_view::npos || b + 1 >= line.size()) {
            throw PushLineError(
                line_number, "expected '<old sha> <new sha> <ref>', got '" + printable(line) + "'");
        }
        const std::string_view old_sha = line.substr(0, a);
        const std::string_view new_sha = line.substr(a + 1, b - a - 1);
        if (!is_sha(old_sha) || !is_sha(new_sha)) {
            throw PushLineError(line_number, "old and new sha must be 40 lowercase hex digits: '" +
                                                 printable(line) + "'");
        }
        PushUpdate update;
        update.local_ref = std::string(line.substr(b + 1));
        update.remote_ref = update.local_ref;
        update.local_sha = std::string(new_sha);
        update.remote_sha = std::string(old_sha);
        update.line_number = line_number;
        updates.push_back(std::move(update));
    });
    return updates;
}

std::vector<PushUpdate> parse_push_lines(std::string_view input) {
    std::vector<PushUpdate> updates;
    for_each_line(input, [&](std::string_view line, std::size_t line_number) {
        std::vector<std::string_view> fields;
        std::size_t start = 0;
        for (;;) {
            const std::size_t space = line.find(' ', start);
            fields.push_back(line.substr(start, space - start));
            if (space == std::string_view::npos) {
                break;
            }
            start = space + 1;
        }
        if (fields.size() != 4 ||
            std::any_of(fields.begin(), fields.end(), [](auto f) { return f.empty(); })) {
            throw PushLineError(line_number,
                                "expected '<local ref> <local sha> <remote ref> <remote sha>', "
                                "got '" +
                                    printable(line) + "'");
        }
        if (!is_sha(fields[1])) {
            throw PushLineError(line_number, "local sha is not 40 lowercase hex digits: '" +
                                                 printable(fields[1]) + "'");
        }
        if (!is_sha(fields[3])) {
            throw PushLineError(line_number, "remote sha is not 40 lowercase hex digits: '" +
                                                 printable(fields[3]) + "'");
        }
        PushUpdate update;
        update.local_ref = fields[0];
        update.local_sha = fields[1];
        update.remote_ref = fields[2];
        update.remote_sha = fields[3];
        update.line_number = line_number;
        updates.push_back(std::move(update));
    });
    return updates;
}

}  // namespace qa::git
