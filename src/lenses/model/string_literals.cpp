#include "lenses/model/string_literals.hpp"

namespace qa::lenses::model {

std::vector<StringLiteral> string_literals(std::string_view line) {
    std::vector<StringLiteral> out;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t open = line.find_first_of("\"'`", at);
        if (open == std::string_view::npos) {
            break;
        }
        const char quote = line[open];
        std::size_t close = open + 1;
        while (close < line.size() && line[close] != quote) {
            close += line[close] == '\\' ? 2U : 1U;
        }
        if (close >= line.size()) {
            at = open + 1;  // left open: not a literal
            continue;
        }
        out.push_back(StringLiteral{open, open + 1, close});
        at = close + 1;
    }
    return out;
}

}  // namespace qa::lenses::model
