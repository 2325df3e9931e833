#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qa::rules {

/// The parsed TOML document `text`; a syntax error throws RuleError at its position.
toml::table read_toml(std::string_view text, const std::string& source_name);

/// "a string", "an integer", ...: the TOML type of `node`, for messages.
std::string type_name(const toml::node& node);

/// Reads one TOML table, remembering which keys were read so that unknown ones are reported
/// with their position. Every accessor returns a valid value or throws RuleError.
class TableReader {
  public:
    TableReader(const toml::table& table, std::string prefix, const std::string& file)
        : table_(table), prefix_(std::move(prefix)), file_(file) {}

    [[noreturn]] void fail_at(const toml::source_region& where, const std::string& key,
                              const std::string& problem) const;

    std::string full_key(std::string_view key) const { return prefix_ + "." + std::string(key); }

    /// The node at `key`, or nullptr; either way `key` counts as known.
    const toml::node* get(std::string_view key);
    const toml::node& require(std::string_view key);

    [[noreturn]] void wrong_type(const toml::node& node, std::string_view key,
                                 const std::string& expected) const;

    /// The string at `key` (or `fallback` when absent); never empty when present.
    std::string string(std::string_view key, std::string fallback = {});
    std::string string_of(const toml::node& node, std::string_view key) const;
    bool boolean(std::string_view key, bool fallback);
    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max);
    /// An integer or a float in [min, max]; 0.0 when absent.
    double number(std::string_view key, double min, double max);
    /// The array of non-empty strings at `key`, with each string's node for error positions.
    std::vector<std::pair<std::string, const toml::node*>> strings(std::string_view key);
    /// The sub-table at `key`, or nullptr when absent.
    const toml::table* table(std::string_view key);

    /// Reports the first key that no accessor asked for.
    void reject_unknown() const;

    const std::string& prefix() const { return prefix_; }
    const std::string& file() const { return file_; }

  private:
    const toml::table& table_;
    std::string prefix_;
    const std::string& file_;
    std::set<std::string> used_;
};

}  // namespace qa::rules
