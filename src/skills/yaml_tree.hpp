#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qa::skills {

/// A place in a source file, 1-based, as editors count.
struct Mark {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};

/// A parsed YAML (or JSON) document with the position of every node and key: what the skill
/// validator walks, so each problem can name file:line:col. Kept free of yaml-cpp, which only
/// skills/frontmatter.cpp includes.
struct YamlNode {
    enum class Kind { Null, Scalar, Sequence, Map };

    Kind kind = Kind::Null;
    Mark mark;
    /// A scalar's text as written (unquoted).
    std::string scalar;
    /// True for a quoted or block scalar: always a string, never resolved to a bool or a number.
    bool quoted = false;
    /// Sequence items, or map values (keys[i] names items[i]).
    std::vector<YamlNode> items;
    std::vector<std::string> keys;
    std::vector<Mark> key_marks;

    bool is_map() const { return kind == Kind::Map; }
    bool is_sequence() const { return kind == Kind::Sequence; }
    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_null() const { return kind == Kind::Null; }

    /// The value of `key` in a map, or nullptr.
    const YamlNode* find(const std::string& key) const {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] == key) {
                return &items[i];
            }
        }
        return nullptr;
    }
};

}  // namespace qa::skills
