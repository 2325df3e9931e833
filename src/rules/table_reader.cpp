#include "rules/table_reader.hpp"

#include "rules/rule_error.hpp"

namespace qa::rules {

toml::table read_toml(std::string_view text, const std::string& source_name) {
    try {
        return toml::parse(text, source_name);
    } catch (const toml::parse_error& e) {
        throw RuleError(source_name, e.source().begin.line, e.source().begin.column, "",
                        std::string(e.description()));
    }
}

std::string type_name(const toml::node& node) {
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

void TableReader::fail_at(const toml::source_region& where, const std::string& key,
                          const std::string& problem) const {
    throw RuleError(file_, where.begin.line, where.begin.column, key, problem);
}

const toml::node* TableReader::get(std::string_view key) {
    used_.insert(std::string(key));
    return table_.get(key);
}

const toml::node& TableReader::require(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        fail_at(table_.source(), full_key(key), "required key is missing");
    }
    return *node;
}

void TableReader::wrong_type(const toml::node& node, std::string_view key,
                             const std::string& expected) const {
    fail_at(node.source(), full_key(key), "expected " + expected + ", got " + type_name(node));
}

std::string TableReader::string(std::string_view key, std::string fallback) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return fallback;
    }
    return string_of(*node, key);
}

std::string TableReader::string_of(const toml::node& node, std::string_view key) const {
    if (!node.is_string()) {
        wrong_type(node, key, "a string");
    }
    std::string value = node.as_string()->get();
    if (value.empty()) {
        fail_at(node.source(), full_key(key), "must not be empty");
    }
    return value;
}

bool TableReader::boolean(std::string_view key, bool fallback) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return fallback;
    }
    if (!node->is_boolean()) {
        wrong_type(*node, key, "a boolean");
    }
    return node->as_boolean()->get();
}

std::optional<std::int64_t> TableReader::integer(std::string_view key, std::int64_t min,
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

double TableReader::number(std::string_view key, double min, double max) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return 0.0;
    }
    double value = 0.0;
    if (node->is_integer()) {
        value = static_cast<double>(node->as_integer()->get());
    } else if (node->is_floating_point()) {
        value = node->as_floating_point()->get();
    } else {
        wrong_type(*node, key, "a number");
    }
    if (!(value >= min && value <= max)) {
        fail_at(node->source(), full_key(key),
                "out of range; expected " + std::to_string(min) + " to " + std::to_string(max));
    }
    return value;
}

std::vector<std::pair<std::string, const toml::node*>> TableReader::strings(std::string_view key) {
    std::vector<std::pair<std::string, const toml::node*>> out;
    const toml::node* node = get(key);
    if (node == nullptr) {
        return out;
    }
    if (!node->is_array()) {
        fail_at(node->source(), full_key(key),
                "expected an array of strings, got " + type_name(*node));
    }
    for (const toml::node& item : *node->as_array()) {
        out.emplace_back(string_of(item, key), &item);
    }
    return out;
}

const toml::table* TableReader::table(std::string_view key) {
    const toml::node* node = get(key);
    if (node == nullptr) {
        return nullptr;
    }
    if (!node->is_table()) {
        wrong_type(*node, key, "a table");
    }
    return node->as_table();
}

void TableReader::reject_unknown() const {
    for (const auto& [key, node] : table_) {
        if (used_.count(std::string(key.str())) == 0) {
            fail_at(key.source(), full_key(key.str()), "unknown key");
        }
    }
}

}  // namespace qa::rules
