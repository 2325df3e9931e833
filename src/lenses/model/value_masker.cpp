#include "lenses/model/value_masker.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

#include "lenses/model/credential_name.hpp"
#include "lenses/model/random_value.hpp"
#include "lenses/model/string_literals.hpp"

namespace qa::lenses::model {

namespace {

/// Compiled once per process (RE2 objects are immutable and thread-safe). Latin-1: every byte
/// is a character, so a line that is not UTF-8 is read all the same.
struct Patterns {
    static RE2::Options latin1() {
        RE2::Options o;
        o.set_encoding(RE2::Options::EncodingLatin1);
        o.set_log_errors(false);
        return o;
    }
    /// What ends the text before a value's opening quote when the value is assigned, compared
    /// or passed to a name: `name = `, `"name": `, `name: &'static str = `, `["name"] = `,
    /// `"name", ` (a setter's arguments), with a string prefix (b, r, f, u8, @) before the quote.
    RE2 assigned{
        R"re((["']?)([A-Za-z_$@-][\w.$@-]*)["']?\]?(?:\s*:\s*&?(?:'static\s+)?[A-Za-z_][\w<>\[\]:.]*\??)?\s*(=>|===|!==|==|!=|:=|\?\?=|\|\|=|\?\?|\|\||=|:|,)\s*\(?\s*(?:[A-Za-z]{1,2}|@)?$)re",
        latin1()};
    /// `name=value` inside a literal or a configuration line: connection strings, query strings,
    /// command-line flags.
    RE2 pair{R"re((?:^|[^\w.])([A-Za-z_][\w.-]*)\s*=\s*([^\s;&,'"`)\]}]+))re", latin1()};
    /// The credential of an HTTP Authorization header written out.
    RE2 authorization{
        R"re((?i)\bauthorization\s*:\s*(?:bearer|basic|token|digest)\s+([^\s"'`,;]+))re", latin1()};
    /// A configuration line's setting with an unquoted value (.env, YAML, INI, properties, shell).
    RE2 setting{
        R"re(^\s*(?:export\s+|-\s+)?["']?([A-Za-z_$@][\w.$@-]*)["']?\s*[:=]\s*([^\s"'`].*?)\s*(?:\s#.*)?$)re",
        latin1()};
};

const Patterns& patterns() {
    static const Patterns p;
    return p;
}

enum class Why { none, entropy, name };

std::string_view view(const re2::StringPiece& s) {
    return {s.data(), s.size()};
}

/// One line being masked: its literals and the byte ranges to replace.
struct Line {
    std::uint32_t number = 0;
    std::string_view text;
    std::vector<StringLiteral> literals;
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    Why why = Why::none;

    void mask(std::size_t begin, std::size_t end, Why reason) {
        if (begin >= end) {
            return;
        }
        spans.emplace_back(begin, end);
        why = std::max(why, reason);
    }
    /// Masks `part`, a view into text.
    void mask_view(std::string_view part, Why reason) {
        const auto at = static_cast<std::size_t>(part.data() - text.data());
        mask(at, at + part.size(), reason);
    }
    std::string_view content(std::size_t k) const {
        return text.substr(literals[k].begin, literals[k].end - literals[k].begin);
    }
};

/// A run of literals concatenated (on one line or consecutive ones): indices into the lines.
struct Piece {
    std::size_t line = 0;
    std::size_t literal = 0;
};

bool only_chars(std::string_view s, std::string_view allowed) {
    return s.find_first_not_of(allowed) == std::string_view::npos;
}

bool identifier_like(std::string_view v) {
    return !v.empty() && std::isalpha(static_cast<unsigned char>(v.front())) != 0 &&
           std::all_of(v.begin(), v.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
           });
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

/// Whether `v`, given to `name` (`passed`: as the argument after it, `f("name", v)`), is
/// masked: the name is credential-like, and the value is not a reference or a placeholder
/// (`$X`, `${X}`, `{x}`, `%s`, `<password>`, `****`), not prose (more than three spaces), not
/// the name or a credential word itself (`"pass": "pass"`), for a weak name not one plain word or
/// number, and when passed not an identifier without a digit (`("HTTPPasswordMgr",
/// "HTTPPasswordMgrWithRealm")`).
bool maskable(std::string_view v, std::string_view name, bool passed = false) {
    const CredentialName kind = credential_name(name);
    const auto has = [&](int (*is)(int)) {
        return std::any_of(v.begin(), v.end(),
                           [&](char c) { return is(static_cast<unsigned char>(c)) != 0; });
    };
    if (kind == CredentialName::none || !has(std::isalnum)) {
        return false;
    }
    const char first = v.front();
    if (first == '$' || first == '{' || first == '%' || (first == '<' && v.back() == '>') ||
        only_chars(v, "*xX.-_ ") || std::count(v.begin(), v.end(), ' ') > 3 ||
        equals_ignoring_case(v, name) || is_credential_word(v)) {
        return false;
    }
    const bool digit = has(std::isdigit);
    if (passed && identifier_like(v) && (!digit || kind == CredentialName::weak)) {
        return false;
    }
    return kind == CredentialName::strong || (has(std::isalpha) && (digit || v.size() > 24));
}

/// The name a value starting with the quote at `open` is assigned, compared or passed to, and
/// whether it is passed (`f("name", value)`); empty when none.
std::pair<std::string_view, bool> name_before(std::string_view text, std::size_t open) {
    constexpr std::size_t kLookBack = 200;
    const std::size_t from = open > kLookBack ? open - kLookBack : 0;
    const re2::StringPiece prefix(text.data() + from, open - from);
    re2::StringPiece quote;
    re2::StringPiece name;
    re2::StringPiece op;
    if (!RE2::PartialMatch(prefix, patterns().assigned, &quote, &name, &op)) {
        return {};
    }
    if (op == "," && quote.empty()) {
        return {};  // f(password, "...") passes the literal elsewhere
    }
    return {view(name), op == ","};
}

/// Masks the value of each credential-like `name=value` pair of `text` (a part of the line: a
/// literal's content or a configuration line), and an Authorization header's credential.
void mask_pairs(Line& line, std::string_view text) {
    re2::StringPiece rest(text.data(), text.size());
    re2::StringPiece name;
    re2::StringPiece value;
    while (RE2::FindAndConsume(&rest, patterns().pair, &name, &value)) {
        if (maskable(view(value), view(name))) {
            line.mask_view(view(value), Why::name);
        }
    }
    rest = re2::StringPiece(text.data(), text.size());
    while (RE2::FindAndConsume(&rest, patterns().authorization, &value)) {
        line.mask_view(view(value), Why::name);
    }
}

/// Masks each random-looking word of `text` (a part of the line).
void mask_random_words(Line& line, std::string_view text) {
    static constexpr std::string_view kDelimiters = " \t\r,;'\"`=:()&?<>{}[]|@!#*\\";
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t begin = text.find_first_not_of(kDelimiters, at);
        if (begin == std::string_view::npos) {
            break;
        }
        std::size_t end = text.find_first_of(kDelimiters, begin);
        end = end == std::string_view::npos ? text.size() : end;
        if (looks_random(text.substr(begin, end - begin))) {
            line.mask_view(text.substr(begin, end - begin), Why::entropy);
        }
        at = end;
    }
}

/// Whether literal `k` of `line` continues the one before it on the line (`"a" + "b"`,
/// `"a" "b"`, `'a' . 'b'`).
bool joins_previous_on_line(const Line& line, std::size_t k) {
    const std::size_t after = line.literals[k - 1].end + 1;
    return only_chars(line.text.substr(after, line.literals[k].open - after), " \t+.");
}

/// Whether the first literal of `line` continues the last one of `previous`.
bool joins_previous_line(const Line& previous, const Line& line) {
    if (previous.literals.empty() || line.literals.empty() || line.number != previous.number + 1) {
        return false;
    }
    const std::size_t after = previous.literals.back().end + 1;
    return only_chars(previous.text.substr(std::min(after, previous.text.size())), " \t\r+.\\") &&
           only_chars(line.text.substr(0, line.literals.front().open), " \t+.(");
}

std::vector<std::vector<Piece>> concatenations(const std::vector<Line>& lines) {
    std::vector<std::vector<Piece>> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        for (std::size_t k = 0; k < lines[i].literals.size(); ++k) {
            const bool joins = k > 0 ? joins_previous_on_line(lines[i], k)
                                     : i > 0 && joins_previous_line(lines[i - 1], lines[i]);
            if (!joins || out.empty()) {
                out.emplace_back();
            }
            out.back().push_back(Piece{i, k});
        }
    }
    return out;
}

void mask_concatenation(std::vector<Line>& lines, const std::vector<Piece>& pieces) {
    std::string joined;
    for (const Piece& p : pieces) {
        joined.append(lines[p.line].content(p.literal));
    }
    const Piece& first = pieces.front();
    const auto [name, passed] =
        name_before(lines[first.line].text, lines[first.line].literals[first.literal].open);
    const Why why = maskable(joined, name, passed) ? Why::name
                    : looks_random(joined)         ? Why::entropy
                                                   : Why::none;
    for (const Piece& p : pieces) {
        Line& line = lines[p.line];
        const StringLiteral& lit = line.literals[p.literal];
        if (why != Why::none) {
            line.mask(lit.begin, lit.end, why);
            continue;
        }
        mask_pairs(line, line.content(p.literal));
        mask_random_words(line, line.content(p.literal));
    }
}

/// A configuration line's own value (`PASSWORD=hunter2`, `token: abc`) and pairs, unquoted.
void mask_setting(Line& line) {
    re2::StringPiece name;
    re2::StringPiece value;
    if (RE2::PartialMatch(re2::StringPiece(line.text.data(), line.text.size()), patterns().setting,
                          &name, &value) &&
        maskable(view(value), view(name))) {
        line.mask_view(view(value), Why::name);
    }
    mask_pairs(line, line.text);
    mask_random_words(line, line.text);
}

std::string masked_text(const Line& line) {
    auto spans = line.spans;
    std::sort(spans.begin(), spans.end());
    std::string out;
    std::size_t at = 0;
    for (const auto& [begin, end] : spans) {
        if (end <= at) {
            continue;  // inside a span already replaced
        }
        if (begin >= at) {
            out.append(line.text.substr(at, begin - at));
            out.append(kMaskedValue);
        }
        at = end;
    }
    out.append(line.text.substr(at));
    return out;
}

}  // namespace

MaskedValues mask_values(std::span<const NumberedLine> numbered, bool settings_file) {
    std::vector<Line> lines;
    lines.reserve(numbered.size());
    for (const NumberedLine& n : numbered) {
        Line line;
        line.number = n.number;
        line.text = n.text;
        line.literals = string_literals(n.text);
        lines.push_back(std::move(line));
    }
    for (const auto& pieces : concatenations(lines)) {
        mask_concatenation(lines, pieces);
    }
    if (settings_file) {
        for (Line& line : lines) {
            mask_setting(line);
        }
    }
    MaskedValues out;
    for (const Line& line : lines) {
        if (line.spans.empty()) {
            continue;
        }
        out.lines.emplace(line.number, MaskedLine{masked_text(line), line.why == Why::name});
        ++(line.why == Why::name ? out.byName : out.byEntropy);
    }
    return out;
}

bool is_settings_file(std::string_view file_kind, std::string_view language) {
    return file_kind == "config" || language == "shell";
}

}  // namespace qa::lenses::model
