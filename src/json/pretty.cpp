#include "json/pretty.hpp"

#include <algorithm>

#include "json/canonical.hpp"

namespace qa::json {
namespace {

void append(const Value& value, std::size_t depth, std::string& out) {
    const std::string inner((depth + 1) * 2, ' ');
    const std::string outer(depth * 2, ' ');
    if (value.is_array() && !value.as_array().empty()) {
        out += "[\n";
        const Array& items = value.as_array();
        for (std::size_t i = 0; i < items.size(); ++i) {
            out += inner;
            append(items[i], depth + 1, out);
            out += i + 1 < items.size() ? ",\n" : "\n";
        }
        out += outer + "]";
        return;
    }
    if (value.is_object() && !value.as_object().empty()) {
        std::vector<const std::pair<std::string, Value>*> members;
        for (const auto& m : value.as_object()) {
            members.push_back(&m);
        }
        std::sort(members.begin(), members.end(),
                  [](const auto* a, const auto* b) { return utf16_less(a->first, b->first); });
        out += "{\n";
        for (std::size_t i = 0; i < members.size(); ++i) {
            out += inner;
            append_canonical_string(members[i]->first, out);
            out += ": ";
            append(members[i]->second, depth + 1, out);
            out += i + 1 < members.size() ? ",\n" : "\n";
        }
        out += outer + "}";
        return;
    }
    append_canonical(value, out);
}

}  // namespace

std::string pretty(const Value& value) {
    // canonical() first: it rejects what no artifact may hold (duplicate keys, bad UTF-8).
    (void)canonical(value);
    std::string out;
    append(value, 0, out);
    out += '\n';
    return out;
}

}  // namespace qa::json
