#include "rules/placeholder.hpp"

namespace qa::rules {
namespace {

bool same_class(char a, char b) {
    const auto cls = [](char c) {
        return c >= '0' && c <= '9' ? 1 : c >= 'a' && c <= 'z' ? 2 : c >= 'A' && c <= 'Z' ? 3 : 0;
    };
    return cls(a) != 0 && cls(a) == cls(b);
}

}  // namespace

bool has_sequential_run(std::string_view value, std::size_t run) {
    if (run < 2) {
        return !value.empty();
    }
    std::size_t length = 1;
    for (std::size_t i = 1; i < value.size(); ++i) {
        if (value[i] == value[i - 1] + 1 && same_class(value[i], value[i - 1])) {
            if (++length >= run) {
                return true;
            }
        } else {
            length = 1;
        }
    }
    return false;
}

bool looks_typed(std::string_view value) {
    std::size_t xs = 0;
    for (const char c : value) {
        xs = c == 'x' || c == 'X' ? xs + 1 : 0;
        if (xs >= kSequentialRun) {
            return true;
        }
    }
    return has_sequential_run(value);
}

}  // namespace qa::rules
