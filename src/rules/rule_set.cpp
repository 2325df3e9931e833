#include "rules/rule_set.hpp"

#include <re2/re2.h>
#include <re2/set.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <tuple>
#include <utility>

#include "rules/mask.hpp"
#include "rules/placeholder.hpp"
#include "util/embedded_files.hpp"
#include "util/glob.hpp"

namespace qa::rules {
namespace {

const std::vector<std::string> kSeverities = {"critical", "high", "medium", "low", "info"};

/// Every rule regex is compiled with these options: `never_nl` so that no match spans lines
/// (a finding always points at one line), and no logging (errors become RuleError instead).
/// Latin-1: every byte is one character, so a byte that is not valid UTF-8 (an ISO-8859-1
/// `.properties` file) is matched by `[^"\s]` like any other, and cannot hide the value around it.
RE2::Options regex_options() {
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_never_nl(true);
    options.set_log_errors(false);
    return options;
}

/// Patterns are written line by line, so `^` and `$` mean the start and end of a line.
std::string multiline(std::string_view pattern) {
    return "(?m)" + std::string(pattern);
}

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return out;
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

char upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

/// The first occurrence of `c` or `c_upper` in [from, end), or nullptr. memchr, not a byte loop:
/// keyword checks run over whole files.
const char* find_either(const char* from, const char* end, char c, char c_upper) {
    const auto n = static_cast<std::size_t>(end - from);
    const auto* a = static_cast<const char*>(std::memchr(from, c, n));
    if (c_upper == c) {
        return a;
    }
    const char* limit = a != nullptr ? a : end;
    const auto* b = static_cast<const char*>(
        std::memchr(from, c_upper, static_cast<std::size_t>(limit - from)));
    return b != nullptr ? b : a;
}

/// Whether `needle` (already lowercase) occurs in `haystack`, ignoring ASCII case.
bool contains_lowercase(std::string_view haystack, std::string_view needle) {
    if (needle.empty()) {
        return true;
    }
    if (haystack.size() < needle.size()) {
        return false;
    }
    const char* at = haystack.data();
    const char* const last = haystack.data() + (haystack.size() - needle.size()) + 1;
    while (at < last) {
        const char* hit = find_either(at, last, needle[0], upper(needle[0]));
        if (hit == nullptr) {
            return false;
        }
        std::size_t i = 1;
        while (i < needle.size() && lower(hit[i]) == needle[i]) {
            ++i;
        }
        if (i == needle.size()) {
            return true;
        }
        at = hit + 1;
    }
    return false;
}

bool contains_any(std::string_view haystack, const std::vector<std::string>& needles) {
    return std::any_of(needles.begin(), needles.end(),
                       [&](const std::string& n) { return contains_lowercase(haystack, n); });
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

/// Reads one TOML table, remembering which keys were read so that unknown ones are reported
/// with their position. Every accessor returns a valid value or throws RuleError.
class TableReader {
  public:
    TableReader(const toml::table& table, std::string prefix, const std::string& file)
        : table_(table), prefix_(std::move(prefix)), file_(file) {}

    [[noreturn]] void fail_at(const toml::source_region& where, const std::string& key,
                              const std::string& problem) const {
        throw RuleError(file_, where.begin.line, where.begin.column, key, problem);
    }

    std::string full_key(std::string_view key) const { return prefix_ + "." + std::string(key); }

    const toml::node* get(std::string_view key) {
        used_.insert(std::string(key));
        return table_.get(key);
    }

    const toml::node& require(std::string_view key) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            fail_at(table_.source(), full_key(key), "required key is missing");
        }
        return *node;
    }

    [[noreturn]] void wrong_type(const toml::node& node, std::string_view key,
                                 const std::string& expected) const {
        fail_at(node.source(), full_key(key), "expected " + expected + ", got " + type_name(node));
    }

    /// The string at `key` (or `fallback` when absent); never empty when present.
    std::string string(std::string_view key, std::string fallback = {}) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return fallback;
        }
        return string_of(*node, key);
    }

    std::string string_of(const toml::node& node, std::string_view key) const {
        if (!node.is_string()) {
            wrong_type(node, key, "a string");
        }
        std::string value = node.as_string()->get();
        if (value.empty()) {
            fail_at(node.source(), full_key(key), "must not be empty");
        }
        return value;
    }

    bool boolean(std::string_view key, bool fallback) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return fallback;
        }
        if (!node->is_boolean()) {
            wrong_type(*node, key, "a boolean");
        }
        return node->as_boolean()->get();
    }

    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max) {
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

    double number(std::string_view key, double min, double max) {
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

    /// The array of non-empty strings at `key`, with each string's node for error positions.
    std::vector<std::pair<std::string, const toml::node*>> strings(std::string_view key) {
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

    /// The sub-table at `key`, or nullptr when absent.
    const toml::table* table(std::string_view key) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return nullptr;
        }
        if (!node->is_table()) {
            wrong_type(*node, key, "a table");
        }
        return node->as_table();
    }

    /// Reports the first key that no accessor asked for.
    void reject_unknown() const {
        for (const auto& [key, node] : table_) {
            if (used_.count(std::string(key.str())) == 0) {
                fail_at(key.source(), full_key(key.str()), "unknown key");
            }
        }
    }

    const std::string& prefix() const { return prefix_; }
    const std::string& file() const { return file_; }

  private:
    const toml::table& table_;
    std::string prefix_;
    const std::string& file_;
    std::set<std::string> used_;
};

std::shared_ptr<const RE2> compile(const std::string& pattern, const toml::node& where,
                                   const std::string& key, const TableReader& r) {
    auto re = std::make_shared<const RE2>(multiline(pattern), regex_options());
    if (!re->ok()) {
        // Report the error against the pattern as written, without the "(?m)" we add.
        const RE2 as_written(pattern, regex_options());
        r.fail_at(where.source(), key,
                  "invalid regex: " + (as_written.ok() ? re->error() : as_written.error()));
    }
    return re;
}

bool valid_id(std::string_view id) {
    const auto ok = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    return !id.empty() && ok(id.front()) && std::all_of(id.begin(), id.end(), [&](char c) {
        return ok(c) || c == '-' || c == '.' || c == '_';
    });
}

std::vector<Example> read_examples(TableReader& r, std::string_view key) {
    std::vector<Example> out;
    const toml::node* node = r.get(key);
    if (node == nullptr) {
        return out;
    }
    if (!node->is_array()) {
        r.wrong_type(*node, key, "an array of strings or {text, secret, path, language} tables");
    }
    for (const toml::node& item : *node->as_array()) {
        Example example;
        if (item.is_string()) {
            example.text = r.string_of(item, key);
        } else if (item.is_table()) {
            TableReader t(*item.as_table(), r.full_key(key), r.file());
            example.text = t.string_of(t.require("text"), "text");
            if (const toml::node* s = t.get("secret")) {
                example.secret = t.string_of(*s, "secret");
            }
            if (const toml::node* p = t.get("path")) {
                example.path = t.string_of(*p, "path");
            }
            if (const toml::node* l = t.get("language")) {
                example.language = t.string_of(*l, "language");
            }
            t.reject_unknown();
        } else {
            r.wrong_type(item, key, "a string or a {text, secret, path, language} table");
        }
        out.push_back(std::move(example));
    }
    return out;
}

Rule read_rule(const toml::table& table, std::size_t index, const std::string& file) {
    Rule rule;
    // The id names the rule in every later message, so it is read first.
    {
        TableReader r(table, "rules[" + std::to_string(index) + "]", file);
        const toml::node& id = r.require("id");
        rule.id = r.string_of(id, "id");
        if (!valid_id(rule.id)) {
            r.fail_at(id.source(), r.full_key("id"),
                      "\"" + rule.id + "\" is not valid; use lowercase letters, digits and '-'");
        }
    }
    TableReader r(table, "rules[" + rule.id + "]", file);
    r.get("id");
    rule.description = r.string_of(r.require("description"), "description");
    const toml::node& regex = r.require("regex");
    rule.regex = r.string_of(regex, "regex");
    rule.pattern = compile(rule.regex, regex, r.full_key("regex"), r);
    if (rule.pattern->Match("", 0, 0, RE2::UNANCHORED, nullptr, 0)) {
        r.fail_at(regex.source(), r.full_key("regex"), "matches the empty string");
    }
    for (auto& [keyword, node] : r.strings("keywords")) {
        rule.keywords.push_back(lowercase(keyword));
    }
    if (const toml::node* group = r.get("secret_group")) {
        const int groups = rule.pattern->NumberOfCapturingGroups();
        if (!group->is_integer()) {
            r.wrong_type(*group, "secret_group", "an integer");
        }
        const std::int64_t g = group->as_integer()->get();
        if (g < 0 || g > groups) {
            r.fail_at(group->source(), r.full_key("secret_group"),
                      "group " + std::to_string(g) + " does not exist; the regex has " +
                          std::to_string(groups) + " capturing group(s)");
        }
        rule.secretGroup = static_cast<int>(g);
    }
    rule.minEntropy = r.number("min_entropy", 0.0, 8.0);
    if (const toml::node* prefilter = r.get("prefilter")) {
        if (r.string_of(*prefilter, "prefilter") != "keywords") {
            r.fail_at(prefilter->source(), r.full_key("prefilter"), "expected \"keywords\"");
        }
        if (rule.keywords.empty()) {
            r.fail_at(prefilter->source(), r.full_key("prefilter"), "needs keywords");
        }
        rule.keywordPrefilter = true;
    }
    if (const toml::node* next = r.get("next_line")) {
        rule.nextLineSource = r.string_of(*next, "next_line");
        rule.nextLine = compile(rule.nextLineSource, *next, r.full_key("next_line"), r);
    }
    if (const toml::node* checksum = r.get("checksum")) {
        const std::string name = r.string_of(*checksum, "checksum");
        rule.checksum = checksum_named(name);
        if (!rule.checksum) {
            r.fail_at(checksum->source(), r.full_key("checksum"),
                      "\"" + name + "\" is not valid; expected github-crc32 or basic-auth");
        }
        if (!rule.secretGroup) {
            r.fail_at(checksum->source(), r.full_key("checksum"), "needs a secret_group");
        }
    }
    const toml::node& severity = r.require("severity");
    rule.severity = r.string_of(severity, "severity");
    if (std::find(kSeverities.begin(), kSeverities.end(), rule.severity) == kSeverities.end()) {
        r.fail_at(severity.source(), r.full_key("severity"),
                  "\"" + rule.severity +
                      "\" is not valid; expected one of critical, high, medium, low, info");
    }
    rule.blocking = r.boolean("blocking", false);
    rule.changesOnly = r.boolean("changes_only", false);
    rule.fix = r.string("fix");
    for (auto& [language, node] : r.strings("languages")) {
        rule.languages.push_back(std::move(language));
    }
    if (const toml::table* allow = r.table("allowlist")) {
        TableReader a(*allow, r.full_key("allowlist"), file);
        for (auto& [glob, node] : a.strings("paths")) {
            rule.allowlist.paths.push_back(std::move(glob));
        }
        for (auto& [source, node] : a.strings("regexes")) {
            // Allowlist regexes test a value, not a buffer: plain RE2, no multi-line mode.
            auto re = std::make_shared<const RE2>(source, regex_options());
            if (!re->ok()) {
                a.fail_at(node->source(), a.full_key("regexes"), "invalid regex: " + re->error());
            }
            rule.allowlist.regexes.push_back(std::move(re));
            rule.allowlist.regexSources.push_back(std::move(source));
        }
        for (auto& [word, node] : a.strings("stopwords")) {
            rule.allowlist.stopwords.push_back(lowercase(word));
        }
        if (const auto group =
                a.integer("same_as_group", 1, rule.pattern->NumberOfCapturingGroups())) {
            rule.allowlist.sameAsGroup = static_cast<int>(*group);
        }
        a.reject_unknown();
    }
    if (const toml::table* examples = r.table("examples")) {
        TableReader e(*examples, r.full_key("examples"), file);
        rule.examples.positive = read_examples(e, "positive");
        rule.examples.negative = read_examples(e, "negative");
        e.reject_unknown();
    }
    r.reject_unknown();
    return rule;
}

/// Byte offsets of line starts, for mapping a match offset to its buffer line.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text) : text_(text) {
        starts_.push_back(0);
        const char* const end = text.data() + text.size();
        for (const char* at = text.data();;) {
            const auto* nl =
                static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
            if (nl == nullptr) {
                break;
            }
            at = nl + 1;
            starts_.push_back(static_cast<std::size_t>(at - text.data()));
        }
    }

    /// The 0-based buffer line holding byte `offset`.
    std::size_t line_of(std::size_t offset) const {
        const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
        return static_cast<std::size_t>(it - starts_.begin()) - 1;
    }

    std::size_t start(std::size_t line) const { return starts_[line]; }
    /// The number of lines (a final line without '\n' counts; an empty buffer has one).
    std::size_t count() const { return starts_.size(); }

    /// The text of buffer line `line`, without its '\n' or a trailing '\r'.
    std::string_view text(std::size_t line) const {
        const std::size_t begin = starts_[line];
        std::size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text_.size();
        if (end > begin && text_[end - 1] == '\r') {
            --end;
        }
        return text_.substr(begin, end - begin);
    }

  private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

bool only_space(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

std::uint32_t file_line(std::span<const std::uint32_t> numbers, std::size_t line) {
    if (numbers.empty()) {
        return static_cast<std::uint32_t>(line + 1);
    }
    if (line < numbers.size()) {
        return numbers[line];
    }
    return static_cast<std::uint32_t>(numbers.back() + (line - (numbers.size() - 1)));
}

/// A match before ordering, with what deduplication needs.
struct Found {
    RuleMatch match;
    std::size_t ruleIndex;
    std::size_t offset;
};

/// Whether the allowlist, stopwords or entropy threshold discard `value`, or it is a secret
/// with a typed-in sequence (placeholder.hpp).
bool filtered(const Rule& rule, std::string_view value) {
    if (rule.secretGroup && looks_typed(value)) {
        return true;
    }
    const re2::StringPiece piece(value.data(), value.size());
    for (const auto& re : rule.allowlist.regexes) {
        if (RE2::PartialMatch(piece, *re)) {
            return true;
        }
    }
    if (contains_any(value, rule.allowlist.stopwords)) {
        return true;
    }
    return rule.minEntropy > 0.0 && shannon_entropy(value) < rule.minEntropy;
}

bool applies_to(const Rule& rule, const ScanInput& input) {
    if (!rule.languages.empty() && std::find(rule.languages.begin(), rule.languages.end(),
                                             input.language) == rule.languages.end()) {
        return false;
    }
    return std::none_of(
        rule.allowlist.paths.begin(), rule.allowlist.paths.end(),
        [&](const std::string& glob) { return util::glob_match(glob, input.path); });
}

/// Runs one rule's own regex over the whole buffer and keeps the matches that survive its
/// keyword, allowlist and entropy filters.
void run_rule(const Rule& rule, std::size_t index, const ScanInput& input, const LineIndex& lines,
              std::vector<Found>& out) {
    const re2::StringPiece text(input.text.data(), input.text.size());
    const int groups =
        std::max(rule.secretGroup.value_or(0), rule.allowlist.sameAsGroup.value_or(0)) + 1;
    std::vector<re2::StringPiece> sub(static_cast<std::size_t>(groups));
    std::size_t pos = 0;
    while (pos <= text.size() &&
           rule.pattern->Match(text, pos, text.size(), RE2::UNANCHORED, sub.data(), groups)) {
        const std::size_t begin = static_cast<std::size_t>(sub[0].data() - text.data());
        const std::size_t end = begin + sub[0].size();
        pos = end > begin ? end : begin + 1;
        if (sub[0].empty()) {
            continue;
        }
        const std::size_t line = lines.line_of(begin);
        const std::string_view line_text = lines.text(line);
        if (!rule.keywords.empty() && !contains_any(line_text, rule.keywords)) {
            continue;
        }
        RuleMatch m;
        m.rule = &rule;
        m.line = file_line(input.lineNumbers, line);
        m.column = static_cast<std::uint32_t>(begin - lines.start(line) + 1);
        m.match = input.text.substr(begin, end - begin);
        m.lineText = line_text;
        std::string_view target = m.match;
        if (rule.secretGroup) {
            const re2::StringPiece& s = sub[static_cast<std::size_t>(*rule.secretGroup)];
            if (s.data() == nullptr || s.empty()) {
                continue;  // an optional secret group that did not take part: nothing to report
            }
            m.secret = std::string_view(s.data(), s.size());
            target = *m.secret;
        }
        if (filtered(rule, target)) {
            continue;
        }
        if (rule.checksum && !checksum_valid(*rule.checksum, target)) {
            // A value that cannot be encoded credentials (basic-auth) is nothing; a token whose
            // CRC is wrong still has the format, and is reported without blocking.
            if (*rule.checksum != Checksum::githubCrc32) {
                continue;
            }
            m.checksumFailed = true;
        }
        if (rule.allowlist.sameAsGroup) {
            const re2::StringPiece& same =
                sub[static_cast<std::size_t>(*rule.allowlist.sameAsGroup)];
            if (std::string_view(same.data(), same.size()) == target) {
                continue;
            }
        }
        if (rule.nextLine && line + 1 < lines.count() &&
            only_space(line_text.substr(std::min(line_text.size(), end - lines.start(line))))) {
            const std::string_view next = lines.text(line + 1);
            if (!RE2::PartialMatch(re2::StringPiece(next.data(), next.size()), *rule.nextLine)) {
                continue;
            }
        }
        out.push_back(Found{m, index, begin});
    }
}

}  // namespace

/// A rule whose program is larger than this does not put its regex into the shared RE2::Set:
/// long counted repetitions (url-password's `{1,20}...{1,128}`) multiply the states of the set's
/// DFA, which then rebuilds its cache all the time and scans every rule several times slower.
/// Its keywords stand in for it, and its own regex runs where they occur.
constexpr int kMaxSetProgramSize = 1000;

/// The one RE2::Set over the rules' patterns (set_pattern()), indexed like the rules.
struct RuleSet::Compiled {
    explicit Compiled(const RE2::Options& options) : set(options, RE2::UNANCHORED) {}
    RE2::Set set;
};

namespace {

/// Whether a rule is checked by its keywords instead of joining the shared set. A rule reports
/// only on lines holding one of its keywords, so skipping it where none occurs changes nothing.
bool gated_by_keywords(const Rule& rule) {
    return !rule.keywords.empty() &&
           (rule.keywordPrefilter || rule.pattern->ProgramSize() > kMaxSetProgramSize);
}

/// What a rule adds to the shared set: its regex, or for a gated rule its keywords, literals
/// that add a handful of DFA states, so the one pass also says where the rule must run.
std::string set_pattern(const Rule& rule) {
    if (!gated_by_keywords(rule)) {
        return multiline(rule.regex);
    }
    std::string any = "(?i)(?:";
    for (std::size_t i = 0; i < rule.keywords.size(); ++i) {
        any += (i > 0 ? "|" : "") + RE2::QuoteMeta(rule.keywords[i]);
    }
    return any + ")";
}

}  // namespace

RuleSet::RuleSet() = default;
RuleSet::RuleSet(RuleSet&&) noexcept = default;
RuleSet& RuleSet::operator=(RuleSet&&) noexcept = default;
RuleSet::~RuleSet() = default;

RuleSet RuleSet::parse(std::string_view toml_text, const std::string& source_name) {
    const RuleSource source{toml_text, source_name, ""};
    return parse(std::span<const RuleSource>(&source, 1));
}

namespace {

/// The `[[rules]]` tables of one rules file, its other top-level keys checked.
const toml::array& rule_tables(const toml::table& root, const std::string& source_name) {
    for (const auto& [key, node] : root) {
        if (key.str() != "rules" && key.str() != "title") {
            throw RuleError(source_name, key.source().begin.line, key.source().begin.column,
                            std::string(key.str()), "unknown key");
        }
    }
    if (const toml::node* title = root.get("title"); title != nullptr && !title->is_string()) {
        throw RuleError(source_name, title->source().begin.line, title->source().begin.column,
                        "title", "expected a string, got " + type_name(*title));
    }
    const toml::node* rules = root.get("rules");
    if (rules == nullptr) {
        throw RuleError(source_name, 1, 1, "rules", "no [[rules]] tables");
    }
    if (!rules->is_array_of_tables()) {
        throw RuleError(source_name, rules->source().begin.line, rules->source().begin.column,
                        "rules", "expected an array of tables ([[rules]])");
    }
    return *rules->as_array();
}

}  // namespace

RuleSet RuleSet::parse(std::span<const RuleSource> sources) {
    RuleSet out;
    // The shared set holds over a hundred patterns: give its DFA room, so that the cache is not
    // flushed and rebuilt while it scans (RE2's default budget is 8 MiB).
    RE2::Options set_options = regex_options();
    set_options.set_max_mem(64 << 20);
    auto compiled = std::make_unique<Compiled>(set_options);
    std::set<std::string> ids;
    for (const RuleSource& source : sources) {
        const std::string& source_name = source.name;
        toml::table root;
        try {
            root = toml::parse(source.text, source_name);
        } catch (const toml::parse_error& e) {
            throw RuleError(source_name, e.source().begin.line, e.source().begin.column, "",
                            std::string(e.description()));
        }
        out.source_ += (out.source_.empty() ? "" : "+") + source_name;
        std::size_t index = 0;
        for (const toml::node& item : rule_tables(root, source_name)) {
            Rule rule = read_rule(*item.as_table(), index++, source_name);
            rule.lens = source.lens;
            if (!ids.insert(rule.id).second) {
                const auto& where = item.as_table()->get("id")->source();
                throw RuleError(source_name, where.begin.line, where.begin.column,
                                "rules[" + rule.id + "].id", "duplicate rule id");
            }
            std::string error;
            if (compiled->set.Add(set_pattern(rule), &error) < 0) {
                const auto& where = item.as_table()->get("regex")->source();
                throw RuleError(source_name, where.begin.line, where.begin.column,
                                "rules[" + rule.id + "].regex", "invalid regex: " + error);
            }
            out.rules_.push_back(std::move(rule));
        }
    }
    if (!compiled->set.Compile()) {
        throw RuleError(out.source_, 1, 1, "rules", "the rules are too large to compile together");
    }
    out.compiled_ = std::move(compiled);
    return out;
}

RuleSet RuleSet::from_embedded(std::string_view path) {
    const auto text = util::find_embedded(path);
    if (!text) {
        throw RuleError(std::string(path), 1, 1, "", "no such embedded rules file");
    }
    return parse(*text, std::string(path));
}

RuleSet RuleSet::from_embedded_lenses(std::span<const std::string_view> lens_ids) {
    std::vector<RuleSource> sources;
    for (const std::string_view lens : lens_ids) {
        const std::string path = "lenses/" + std::string(lens) + "/rules.toml";
        const auto text = util::find_embedded(path);
        if (!text) {
            throw RuleError(path, 1, 1, "", "no such embedded rules file");
        }
        sources.push_back(RuleSource{*text, path, std::string(lens)});
    }
    return parse(sources);
}

const Rule* RuleSet::find(std::string_view id) const {
    const auto it =
        std::find_if(rules_.begin(), rules_.end(), [&](const Rule& r) { return r.id == id; });
    return it == rules_.end() ? nullptr : &*it;
}

std::vector<RuleMatch> RuleSet::scan(const ScanInput& input) const {
    std::vector<RuleMatch> out;
    scan(input, [&](const RuleMatch& m) { out.push_back(m); });
    return out;
}

std::vector<std::size_t> RuleSet::candidates(std::string_view input) const {
    std::vector<std::size_t> out;
    if (input.empty() || rules_.empty()) {
        return out;
    }
    std::vector<int> matched;
    RE2::Set::ErrorInfo error{};
    const re2::StringPiece text(input.data(), input.size());
    if (!compiled_->set.Match(text, &matched, &error) && error.kind != RE2::Set::kNoError) {
        // The set's DFA gave up (it does on some huge, adversarial inputs). Run every rule on its
        // own instead: RE2 then falls back to its NFA, slower but still linear, never wrong.
        out.resize(rules_.size());
        for (std::size_t i = 0; i < rules_.size(); ++i) {
            out[i] = i;
        }
        return out;
    }
    out.assign(matched.begin(), matched.end());
    std::sort(out.begin(), out.end());
    return out;
}

void RuleSet::scan(const ScanInput& input,
                   const std::function<void(const RuleMatch&)>& emit) const {
    const auto found = candidates(input.text);
    scan(input, found, emit);
}

void RuleSet::scan(const ScanInput& input, std::span<const std::size_t> to_run,
                   const std::function<void(const RuleMatch&)>& emit) const {
    if (input.text.empty() || to_run.empty()) {
        return;
    }
    std::optional<LineIndex> lines;
    std::vector<Found> found;
    for (const std::size_t index : to_run) {
        const Rule& rule = rules_[index];
        if (!applies_to(rule, input)) {
            continue;
        }
        // Cheap prefilter before the rule's own pass: a keyword must occur somewhere.
        if (!rule.keywords.empty() && !contains_any(input.text, rule.keywords)) {
            continue;
        }
        if (!lines) {
            lines.emplace(input.text);
        }
        run_rule(rule, index, input, *lines, found);
    }
    // A secret captured by several rules is reported once, by the rule listed first.
    std::vector<const Found*> with_secret;
    for (const Found& f : found) {
        if (f.match.secret) {
            with_secret.push_back(&f);
        }
    }
    std::sort(with_secret.begin(), with_secret.end(), [](const Found* a, const Found* b) {
        return std::tuple(a->match.secret->data(), a->match.secret->size(), a->ruleIndex) <
               std::tuple(b->match.secret->data(), b->match.secret->size(), b->ruleIndex);
    });
    std::set<const Found*> shadowed;
    for (std::size_t i = 1; i < with_secret.size(); ++i) {
        const auto& prev = *with_secret[i - 1]->match.secret;
        const auto& cur = *with_secret[i]->match.secret;
        if (prev.data() == cur.data() && prev.size() == cur.size()) {
            shadowed.insert(with_secret[i]);
        }
    }
    std::vector<const Found*> order;
    for (const Found& f : found) {
        if (shadowed.count(&f) == 0) {
            order.push_back(&f);
        }
    }
    std::sort(order.begin(), order.end(), [](const Found* a, const Found* b) {
        return std::tuple(a->match.line, a->match.column, std::string_view(a->match.rule->id),
                          a->offset) < std::tuple(b->match.line, b->match.column,
                                                  std::string_view(b->match.rule->id), b->offset);
    });
    for (const Found* f : order) {
        emit(f->match);
    }
}

}  // namespace qa::rules
