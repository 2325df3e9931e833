// The only file that includes yaml-cpp: it turns YAML text into a YamlNode tree with positions.
#include "skills/frontmatter.hpp"

#include <yaml-cpp/yaml.h>

#include <set>

#include "json/canonical.hpp"

namespace qa::skills {
namespace {

/// yaml-cpp counts lines and columns from 0 within the text it was given; `line_offset` is the
/// number of file lines before that text.
Mark to_mark(const YAML::Mark& m, std::uint32_t line_offset) {
    if (m.is_null()) {
        return Mark{line_offset + 1, 1};
    }
    return Mark{static_cast<std::uint32_t>(m.line) + 1 + line_offset,
                static_cast<std::uint32_t>(m.column) + 1};
}

/// yaml-cpp accepts a quoted scalar that the text ends inside (it folds every following line into
/// it); YAML does not. True when the scalar opening at byte `pos` of `text` has its closing quote.
bool quote_closes(std::string_view text, int pos) {
    if (pos < 0 || static_cast<std::size_t>(pos) >= text.size()) {
        return true;
    }
    const char quote = text[static_cast<std::size_t>(pos)];
    if (quote != '"' && quote != '\'') {
        return true;  // a block scalar (| or >)
    }
    for (std::size_t i = static_cast<std::size_t>(pos) + 1; i < text.size(); ++i) {
        if (quote == '"' && text[i] == '\\') {
            ++i;
        } else if (text[i] == quote) {
            if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
                ++i;  // '' is an escaped quote inside single quotes
                continue;
            }
            return true;
        }
    }
    return false;
}

YamlNode convert(const YAML::Node& node, std::string_view text, std::uint32_t line_offset,
                 const std::string& file, int depth) {
    YamlNode out;
    out.mark = to_mark(node.Mark(), line_offset);
    if (depth > 64) {
        throw YamlError(file, out.mark.line, out.mark.column, "", "nesting deeper than 64 levels");
    }
    switch (node.Type()) {
        case YAML::NodeType::Undefined:
        case YAML::NodeType::Null:
            out.kind = YamlNode::Kind::Null;
            break;
        case YAML::NodeType::Scalar:
            out.kind = YamlNode::Kind::Scalar;
            out.scalar = node.Scalar();
            // yaml-cpp tags plain scalars "?" and quoted or block ones "!".
            out.quoted = node.Tag() == "!";
            if (!json::is_valid_utf8(out.scalar)) {
                throw YamlError(file, out.mark.line, out.mark.column, "",
                                "invalid YAML: text that is not UTF-8");
            }
            if (out.quoted && !quote_closes(text, node.Mark().pos)) {
                throw YamlError(file, out.mark.line, out.mark.column, "",
                                "invalid YAML: the quoted scalar is never closed");
            }
            break;
        case YAML::NodeType::Sequence:
            out.kind = YamlNode::Kind::Sequence;
            for (const auto& item : node) {
                out.items.push_back(convert(item, text, line_offset, file, depth + 1));
            }
            break;
        case YAML::NodeType::Map: {
            out.kind = YamlNode::Kind::Map;
            std::set<std::string> seen;
            for (const auto& pair : node) {
                const Mark key_mark = to_mark(pair.first.Mark(), line_offset);
                if (!pair.first.IsScalar()) {
                    throw YamlError(file, key_mark.line, key_mark.column, "",
                                    "a map key must be a plain string");
                }
                const std::string key = pair.first.Scalar();
                if (!json::is_valid_utf8(key)) {
                    throw YamlError(file, key_mark.line, key_mark.column, "",
                                    "invalid YAML: a key that is not UTF-8");
                }
                if (!seen.insert(key).second) {
                    throw YamlError(file, key_mark.line, key_mark.column, key, "duplicate key");
                }
                out.keys.push_back(key);
                out.key_marks.push_back(key_mark);
                out.items.push_back(convert(pair.second, text, line_offset, file, depth + 1));
            }
            break;
        }
    }
    return out;
}

YamlNode load(std::string_view text, std::uint32_t line_offset, const std::string& file) {
    try {
        const YAML::Node root = YAML::Load(std::string(text));
        return convert(root, text, line_offset, file, 0);
    } catch (const YAML::Exception& e) {
        const Mark m = to_mark(e.mark, line_offset);
        throw YamlError(file, m.line, m.column, "", "invalid YAML: " + e.msg);
    }
}

/// The line at `pos` without its terminator (and without a CR before it).
std::string_view line_at(std::string_view text, std::size_t pos, std::size_t& next) {
    auto eol = text.find('\n', pos);
    next = eol == std::string_view::npos ? text.size() : eol + 1;
    std::string_view line =
        text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos);
    if (line.ends_with('\r')) {
        line.remove_suffix(1);
    }
    return line;
}

bool is_fence(std::string_view line) {
    while (line.ends_with(' ') || line.ends_with('\t')) {
        line.remove_suffix(1);
    }
    return line == "---";
}

}  // namespace

SkillDocument parse_skill_document(std::string_view text, const std::string& file) {
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3);
    }
    std::size_t next = 0;
    if (!is_fence(line_at(text, 0, next))) {
        throw YamlError(file, 1, 1, "",
                        "no YAML frontmatter: SKILL.md must start with a '---' line");
    }
    const std::size_t yaml_start = next;
    std::uint32_t line_no = 2;
    for (std::size_t pos = yaml_start; pos < text.size(); ++line_no) {
        const std::size_t line_start = pos;
        if (is_fence(line_at(text, pos, next))) {
            SkillDocument doc;
            doc.frontmatter = load(text.substr(yaml_start, line_start - yaml_start), 1, file);
            doc.body = std::string(text.substr(next));
            doc.body_line = line_no + 1;
            return doc;
        }
        pos = next;
    }
    throw YamlError(file, 1, 1, "", "unterminated frontmatter: no closing '---' line");
}

YamlNode parse_yaml(std::string_view text, const std::string& file) {
    return load(text, 0, file);
}

}  // namespace qa::skills
