#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qa::util {

/// Throws the error type of the file being read (a util::SourceError): "file:line:col: key:
/// problem". Each kind of TOML input (configuration, rules files) passes its own.
using TomlRaise = void (*)(const std::string& file, std::uint32_t line, std::uint32_t column,
                           const std::string& key, const std::string& problem);

/// The TomlRaise that throws E(file, line, column, key, problem).
template <class E>
void raise_as(const std::string& file, std::uint32_t line, std::uint32_t column,
              const std::string& key, const std::string& problem) {
    throw E(file, line, column, key, problem);
}

/// The parsed document `text`; a syntax error is raised at its position with an empty key.
toml::table parse_toml(std::string_view text, const std::string& source_name, TomlRaise raise);

/// "a string", "an integer", ...: the TOML type of `node`, for messages.
std::string toml_type_name(const toml::node& node);

/// A string of an array, with its node for the position of a later error about it.
struct TomlString {
    std::string value;
    const toml::node* node = nullptr;
};

/// Reads one TOML table of a file, remembering which keys were read so that unknown ones are
/// reported with their position. Every accessor returns a valid value or raises the file's
/// error at the offending value, naming it by its key path: `prefix.key`, or `key` at the
/// root (empty prefix). A string, alone or in an array, is never empty.
class TomlReader {
  public:
    TomlReader(const toml::table& table, std::string prefix, std::string file, TomlRaise raise)
        : table_(table), prefix_(std::move(prefix)), file_(std::move(file)), raise_(raise) {}

    /// A reader of `table` (a value inside this one) that reports like this one.
    TomlReader nested(const toml::table& table, std::string prefix) const {
        return TomlReader(table, std::move(prefix), file_, raise_);
    }

    [[noreturn]] void fail_at(const toml::source_region& where, const std::string& key,
                              const std::string& problem) const;
    /// Fails naming `key` when `value` holds a NUL byte.
    void reject_nul(const toml::node& node, const std::string& key, std::string_view value) const;
    [[noreturn]] void wrong_type(const toml::node& node, std::string_view key,
                                 const std::string& expected) const;

    /// `prefix.key`, or `key` when the prefix is empty (the document's root).
    std::string full_key(std::string_view key) const;

    /// The node at `key`, or nullptr; either way `key` counts as known.
    const toml::node* get(std::string_view key);
    /// The node at `key`; raises "required key is missing" at the table when it is absent.
    const toml::node& require(std::string_view key);
    bool contains(std::string_view key) const { return table_.contains(key); }

    /// The string at `key`; nullopt when absent.
    std::optional<std::string> string(std::string_view key);
    /// `node` as a string, named `key` (relative to the prefix) in errors.
    std::string string_of(const toml::node& node, std::string_view key) const;
    /// The index in `allowed` of the string at `key`; nullopt when absent. Anything else is
    /// "\"x\" is not valid; expected one of \"a\", \"b\"".
    std::optional<std::size_t> choice(std::string_view key, std::span<const std::string> allowed);
    std::optional<bool> boolean(std::string_view key);
    /// The integer at `key` within [min, max]; nullopt when absent.
    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max);
    /// The integer or float at `key` as a double; nullopt when absent. `expected` names the
    /// value in a wrong-type message ("a number", "a number of US dollars").
    std::optional<double> number(std::string_view key, const std::string& expected = "a number");
    /// The array of strings at `key`; empty when absent.
    std::vector<TomlString> strings(std::string_view key);
    /// `node` as an array of strings, named by the full key `key` in errors.
    std::vector<TomlString> strings_of(const toml::node& node, const std::string& key) const;
    /// The index in `allowed` of each string of the array at `key`; empty when absent.
    std::vector<std::size_t> choices(std::string_view key, std::span<const std::string> allowed);
    /// The sub-table at `key`, or nullptr when absent.
    const toml::table* table(std::string_view key);

    /// Raises "unknown key" at the first key that no accessor asked for.
    void reject_unknown() const;

    const toml::table& raw() const { return table_; }
    const std::string& prefix() const { return prefix_; }
    const std::string& file() const { return file_; }

  private:
    std::size_t index_of(const toml::node& node, const std::string& value, const std::string& key,
                         std::span<const std::string> allowed) const;

    const toml::table& table_;
    std::string prefix_;
    std::string file_;  ///< a copy: a reader never outlives the name it reports
    TomlRaise raise_;
    std::set<std::string> used_;
};

/// The plain values of `strings`.
std::vector<std::string> values_of(const std::vector<TomlString>& strings);

/// `one of "a", "b", "c"`: the allowed values, for messages.
std::string one_of(std::span<const std::string> allowed);

}  // namespace qa::util
