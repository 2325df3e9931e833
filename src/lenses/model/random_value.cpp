#include "lenses/model/random_value.hpp"

#include <algorithm>
#include <cctype>

#include "rules/mask.hpp"
#include "rules/placeholder.hpp"

namespace qa::lenses::model {

namespace {

bool token_char(unsigned char c) {
    return std::isalnum(c) != 0 || c == '+' || c == '/' || c == '=' || c == '_' || c == '-' ||
           c == '.' || c == '~';
}

int char_class(unsigned char c) {
    if (std::islower(c) != 0) {
        return 0;
    }
    if (std::isupper(c) != 0) {
        return 1;
    }
    return std::isdigit(c) != 0 ? 2 : 3;
}

}  // namespace

bool looks_random(std::string_view value) {
    if (value.size() < kRandomMinLength) {
        return false;
    }
    bool lower = false;
    bool upper = false;
    bool digit = false;
    bool hex = true;
    std::size_t changes = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        if (!token_char(c)) {
            return false;
        }
        lower = lower || std::islower(c) != 0;
        upper = upper || std::isupper(c) != 0;
        digit = digit || std::isdigit(c) != 0;
        hex = hex && std::isxdigit(c) != 0;
        if (i > 0 && char_class(c) != char_class(static_cast<unsigned char>(value[i - 1]))) {
            ++changes;
        }
    }
    if (!digit || !(lower || upper)) {
        return false;
    }
    // Hex is one case: a value of both cases is judged as a token.
    const bool hex_form = hex && !(lower && upper);
    if (!hex_form && !(lower && upper)) {
        return false;
    }
    const double bits = rules::shannon_entropy(value);
    if (bits < (hex_form ? kRandomHexBits : kRandomTokenBits)) {
        return false;
    }
    const double share = static_cast<double>(changes) / static_cast<double>(value.size() - 1);
    return share >= kRandomClassChanges && !rules::looks_typed(value);
}

}  // namespace qa::lenses::model
