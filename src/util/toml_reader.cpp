#include "util/toml_reader.hpp"

#include <algorithm>

#include "util/source_error.hpp"
#include "util/suggest.hpp"

namespace qa::util {

toml::table parse_toml(std::string_view text, const std::string& source_name, TomlRaise raise) {
    try {
        return toml::parse(text, source_name);
    } catch (const toml::parse_error& e) {
        raise(source_name, e.source().begin.line, e.source().begin.column, "",
              std::string(e.description()));
        throw;  // a raise function that returns: the parse error itself
    }
}

std::string toml_type_name(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string:
            return "a string";
        case toml::node_type::integer:
            return "an integer";
        case toml::node_type::floating_point:
            return "a float";
        case toml::node_type::boolean:
            return "a boolean";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::table:
            return "a table";
        default:
            return "a date or time";
    }
}

std::string one_of(std::span<const std::string> allowed) {
    std::string out;
    for (const auto& a : allowed) {
        out += (out.empty() ? "\"" : ", \"") + a + "\"";
    }
    return "one of " + out;
}

std::vector<std::string> values_of(const std::vector<TomlString>& strings) {
    std::vector<std::string> out;
    out.reserve(strings.size());
    for (const auto& s : strings) {
        out.push_back(s.value);
    }
    return out;
}

void TomlReader::fail_at(const toml::source_region& where, const std::string& key,
                         const std::string& problem) const {
    raise_(file_, where.begin.line, where.begin.column, key, problem);
    // A raise function must throw; one that returns still never lets a bad value through.
    throw SourceError(file_, where.begin.line, where.begin.column, key, problem);
}

void TomlReader::reject_nul(const toml::node& node, const std::string& key,
                            std::string_view value) const {
    // No setting holds a NUL byte: a path or name would be cut at it by the C library, and a
    // message naming it would end there.
    if (value.find('\0') != std::string_view::npos) {
        fail_at(node.source(), key, "must not contain a NUL character (\\u0000)");
    }
}

void TomlReader::wrong_type(const toml::node& node, std::string_view key,
                            const std::string& expected) const {
    fail_at(node.source(), full_key(key), "expected " + expected + ", got " + toml_type_name(node));
}

std::string TomlReader::full_key(std::string_view key) const {
    return prefix_.empty() ? std::string(key) : prefix_ + "." + std::string(key);
}

const toml::node* TomlReader::get(std::string_view key) {
    used_.insert(std::string(key));
    return table_.get(key);
}

const toml::node& TomlReader::require(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        fail_at(table_.source(), full_key(key), "required key is missing");
    }
    return *node;
}

std::optional<std::string> TomlReader::string(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    return string_of(*node, key);
}

std::string TomlReader::string_of(const toml::node& node, std::string_view key) const {
    if (!node.is_string()) {
        wrong_type(node, key, "a string");
    }
    std::string value = node.as_string()->get();
    if (value.empty()) {
        fail_at(node.source(), full_key(key), "must not be empty");
    }
    reject_nul(node, full_key(key), value);
    return value;
}

std::size_t TomlReader::index_of(const toml::node& node, const std::string& value,
                                 const std::string& key,
                                 std::span<const std::string> allowed) const {
    const auto it = std::find(allowed.begin(), allowed.end(), value);
    if (it == allowed.end()) {
        fail_at(node.source(), key,
                "\"" + value + "\" is not valid" + did_you_mean(value, allowed) + "; expected " +
                    one_of(allowed));
    }
    return static_cast<std::size_t>(it - allowed.begin());
}

std::optional<std::size_t> TomlReader::choice(std::string_view key,
                                              std::span<const std::string> allowed) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    if (!node->is_string()) {
        wrong_type(*node, key, "a string");
    }
    // Not string_of: an empty string is one more invalid choice, named as such.
    return index_of(*node, node->as_string()->get(), full_key(key), allowed);
}

std::optional<bool> TomlReader::boolean(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    if (!node->is_boolean()) {
        wrong_type(*node, key, "a boolean");
    }
    return node->as_boolean()->get();
}

std::optional<std::int64_t> TomlReader::integer(std::string_view key, std::int64_t min,
                                                std::int64_t max) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    if (!node->is_integer()) {
        wrong_type(*node, key, "an integer");
    }
    const std::int64_t value = node->as_integer()->get();
    if (value < min || value > max) {
        fail_at(node->source(), full_key(key),
                std::to_string(value) + " is out of range; expected " + std::to_string(min) +
                    " to " + std::to_string(max));
    }
    return value;
}

std::optional<double> TomlReader::number(std::string_view key, const std::string& expected) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    if (node->is_integer()) {
        return static_cast<double>(node->as_integer()->get());
    }
    if (!node->is_floating_point()) {
        wrong_type(*node, key, expected);
    }
    return node->as_floating_point()->get();
}

std::vector<TomlString> TomlReader::strings(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return {};
    }
    return strings_of(*node, full_key(key));
}

std::vector<TomlString> TomlReader::strings_of(const toml::node& node,
                                               const std::string& key) const {
    if (!node.is_array()) {
        fail_at(node.source(), key, "expected an array of strings, got " + toml_type_name(node));
    }
    std::vector<TomlString> out;
    for (const toml::node& item : *node.as_array()) {
        if (!item.is_string()) {
            fail_at(item.source(), key, "expected strings only, got " + toml_type_name(item));
        }
        std::string value = item.as_string()->get();
        if (value.empty()) {
            fail_at(item.source(), key, "must not hold an empty string");
        }
        reject_nul(item, key, value);
        out.push_back({std::move(value), &item});
    }
    return out;
}

std::vector<std::size_t> TomlReader::choices(std::string_view key,
                                             std::span<const std::string> allowed) {
    std::vector<std::size_t> out;
    for (const auto& s : strings(key)) {
        out.push_back(index_of(*s.node, s.value, full_key(key), allowed));
    }
    return out;
}

const toml::table* TomlReader::table(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return nullptr;
    }
    if (!node->is_table()) {
        wrong_type(*node, key, "a table");
    }
    return node->as_table();
}

void TomlReader::reject_unknown() const {
    for (const auto& [key, node] : table_) {
        if (used_.count(std::string(key.str())) == 0) {
            // The keys this table takes, so a misspelling is fixed without the manual (and
            // the documentation test learns from the parser itself which keys exist).
            const std::vector<std::string> known(used_.begin(), used_.end());
            fail_at(key.source(), full_key(key.str()),
                    known.empty() ? "unknown key; this table takes no keys"
                                  : "unknown key" + did_you_mean(key.str(), known) + "; expected " +
                                        one_of(known));
        }
    }
}

}  // namespace qa::util
