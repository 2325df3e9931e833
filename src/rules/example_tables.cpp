#include "rules/example_tables.hpp"

namespace qa::rules {

std::string without_example_tables(std::string_view toml) {
    std::string out;
    out.reserve(toml.size());
    bool in_examples = false;
    std::size_t at = 0;
    while (at < toml.size()) {
        const std::size_t eol = toml.find('\n', at);
        const std::size_t end = eol == std::string_view::npos ? toml.size() : eol + 1;
        const std::string_view line = toml.substr(at, end - at);
        if (line.starts_with('[')) {
            in_examples = line.starts_with("[rules.examples]");
        }
        if (!in_examples) {
            out += line;
        } else if (eol != std::string_view::npos) {
            out += '\n';
        }
        at = end;
    }
    return out;
}

}  // namespace qa::rules
