#include "lenses/model/random_value.hpp"

#include <algorithm>
#include <cctype>

#include "lenses/model/credential_name.hpp"
#include "rules/mask.hpp"
#include "rules/placeholder.hpp"

namespace qa::lenses::model {

namespace {

bool token_char(unsigned char c) {
    return std::isalnum(c) != 0 || c == '+' || c == '/' || c == '=' || c == '_' || c == '-' ||
           c == '.' || c == '~';
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
    std::size_t alnum = 0;
    std::size_t run = 0;
    std::size_t longest_run = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        if (!token_char(c)) {
            return false;
        }
        lower = lower || std::islower(c) != 0;
        upper = upper || std::isupper(c) != 0;
        digit = digit || std::isdigit(c) != 0;
        hex = hex && std::isxdigit(c) != 0;
        if (std::isalnum(c) == 0) {
            run = 0;
            continue;
        }
        ++alnum;
        longest_run = std::max(longest_run, ++run);
    }
    if (longest_run < kRandomMinRun) {
        return false;  // a path, a URL, a dotted or dashed name: short words between separators
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
    const double word_length =
        static_cast<double>(alnum) / static_cast<double>(name_words(value).size());
    return word_length <= kRandomMaxWordLength && !rules::looks_typed(value);
}

}  // namespace qa::lenses::model
