#pragma once

#include <toml++/toml.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "config/config.hpp"
#include "util/toml_reader.hpp"

/// How the configuration's readers read a table: util::TomlReader raising ConfigError, enum
/// settings by their spelling, costs. Shared by parse.cpp and the per-table readers.
namespace qa::config {

/// A reader of one table of the configuration file `file`: every problem is a ConfigError.
inline util::TomlReader config_reader(const toml::table& table, std::string prefix,
                                      const std::string& file) {
    return util::TomlReader(table, std::move(prefix), file, &util::raise_as<settings::ConfigError>);
}

/// Every value of the settings enum E, in declaration order.
template <class E>
std::span<const E> values_of() {
    if constexpr (std::is_same_v<E, settings::LensMode>) {
        return settings::kLensModes;
    } else if constexpr (std::is_same_v<E, settings::OpenAiApi>) {
        return settings::kOpenAiApis;
    } else {
        return contracts::enum_values<E>();
    }
}

/// The configuration's spelling of `value` (contracts:: or config:: to_string, by ADL).
template <class E>
std::string text(E value) {
    return std::string(to_string(value));
}

/// The spellings of every value of E, in declaration order, for lookups and messages.
template <class E>
const std::vector<std::string>& names_of() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const E value : values_of<E>()) {
            out.push_back(text(value));
        }
        return out;
    }();
    return names;
}

/// The value of E spelled at `key`; nullopt when absent.
template <class E>
std::optional<E> read_enum(util::TomlReader& r, std::string_view key) {
    const auto index = r.choice(key, names_of<E>());
    return index ? std::optional<E>(values_of<E>()[*index]) : std::nullopt;
}

/// The values of E spelled in the array at `key`, in the file's order; empty when absent.
template <class E>
std::vector<E> read_enums(util::TomlReader& r, std::string_view key) {
    std::vector<E> out;
    for (const std::size_t index : r.choices(key, names_of<E>())) {
        out.push_back(values_of<E>()[index]);
    }
    return out;
}

/// Sets `out` when the key was there: an absent key keeps the default (or the embedded
/// default's value the file overlays).
template <class T, class U>
void assign(std::optional<U> value, T& out) {
    if (value) {
        out = std::move(*value);
    }
}

/// A price or budget in US dollars at `key`: an integer or a float in [0, 1e9].
inline void read_cost(util::TomlReader& r, std::string_view key, std::optional<double>& out) {
    const auto value = r.number(key, "a number of US dollars");
    if (!value) {
        return;
    }
    if (!(*value >= 0) || *value > 1e9) {
        r.fail_at(r.get(key)->source(), r.full_key(key), "must be between 0 and 1e9 US dollars");
    }
    out = *value;
}

}  // namespace qa::config
