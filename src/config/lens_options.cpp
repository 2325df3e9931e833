#include "config/lens_options.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace qa::config {
namespace {

json::Value to_json(const toml::node& node) {
    if (node.is_table()) {
        json::Object out;
        for (const auto& [k, v] : *node.as_table()) {
            out.emplace_back(std::string(k.str()), to_json(v));
        }
        return out;
    }
    if (node.is_array()) {
        json::Array out;
        for (const auto& v : *node.as_array()) {
            out.push_back(to_json(v));
        }
        return out;
    }
    if (node.is_string()) {
        return node.as_string()->get();
    }
    if (node.is_integer()) {
        return node.as_integer()->get();
    }
    if (node.is_floating_point()) {
        return node.as_floating_point()->get();
    }
    if (node.is_boolean()) {
        return node.as_boolean()->get();
    }
    return json::Value();  // dates: rejected before we get here
}

void check_plain_data(const toml::node& node, const std::string& key,
                      const util::TomlReader& where) {
    if (node.is_date() || node.is_time() || node.is_date_time()) {
        where.fail_at(node.source(), key, "dates and times are not supported here");
    }
    if (node.is_table()) {
        for (const auto& [k, v] : *node.as_table()) {
            check_plain_data(v, key + "." + std::string(k.str()), where);
        }
    } else if (node.is_array()) {
        for (const auto& v : *node.as_array()) {
            check_plain_data(v, key, where);
        }
    }
}

/// One option a built-in lens reads from `[lenses.<id>.options]` (an integer range).
struct KnownOption {
    std::string_view lens;
    std::string_view key;
    std::int64_t min;
    std::int64_t max;
};

/// The options of the built-in rule lenses.
constexpr KnownOption kRuleLensOptions[] = {
    {"style", "max_file_bytes", 1, INT64_C(1) << 40},
};
constexpr std::string_view kRuleLenses[] = {"security", "style", "architecture"};

}  // namespace

json::Value read_lens_options(util::TomlReader& options, std::string_view lens_id) {
    check_plain_data(options.raw(), options.prefix(), options);
    if (std::find(std::begin(kRuleLenses), std::end(kRuleLenses), lens_id) !=
        std::end(kRuleLenses)) {
        for (const auto& option : kRuleLensOptions) {
            if (option.lens == lens_id) {
                (void)options.integer(option.key, option.min, option.max);
            }
        }
        options.reject_unknown();
    }
    return to_json(options.raw());
}

}  // namespace qa::config
