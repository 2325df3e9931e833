#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "util/source_error.hpp"
#include "util/toml_reader.hpp"

using qa::util::SourceError;
using qa::util::TomlReader;

namespace {

/// The error type a file kind would define (ConfigError, RuleError).
class TestError : public SourceError {
  public:
    using SourceError::SourceError;
};

constexpr qa::util::TomlRaise kRaise = &qa::util::raise_as<TestError>;

/// Parses `text` as t.toml and hands its root to `read` with the given prefix; returns the
/// error it raised. Fails the test when nothing was raised.
template <class Read>
TestError error_of(const std::string& text, const std::string& prefix, Read read) {
    try {
        const toml::table root = qa::util::parse_toml(text, "t.toml", kRaise);
        TomlReader r(root, prefix, "t.toml", kRaise);
        read(r);
    } catch (const TestError& e) {
        return e;
    }
    FAIL("accepted:\n" << text);
    throw;  // unreachable
}

}  // namespace

TEST_CASE("a TOML syntax error is raised at its line and column, with no key", "[util][toml]") {
    const auto e = error_of("a = 1\n\nb = \n", "", [](TomlReader&) {});
    CHECK(e.file() == "t.toml");
    CHECK(e.line() == 3);
    CHECK(e.column() >= 1);
    CHECK(e.key().empty());
    CHECK(std::string(e.what()).rfind("t.toml:3:", 0) == 0);
}

TEST_CASE("key paths: the key alone at the root, prefix.key below it", "[util][toml]") {
    const auto root =
        error_of("n = \"x\"\n", "", [](TomlReader& r) { (void)r.integer("n", 0, 9); });
    CHECK(root.key() == "n");
    CHECK(std::string(root.what()) == "t.toml:1:5: n: expected an integer, got a string");

    const auto nested = error_of("[a.b]\nn = 10\n", "", [](TomlReader& r) {
        TomlReader a = r.nested(*r.table("a"), r.full_key("a"));
        TomlReader b = a.nested(*a.table("b"), a.full_key("b"));
        (void)b.integer("n", 0, 9);
    });
    CHECK(nested.key() == "a.b.n");
    CHECK(nested.line() == 2);
    CHECK(nested.column() == 5);
    CHECK(std::string(nested.what()) == "t.toml:2:5: a.b.n: 10 is out of range; expected 0 to 9");

    const auto dotted = error_of("a.b.n = true\n", "", [](TomlReader& r) {
        TomlReader a = r.nested(*r.table("a"), r.full_key("a"));
        TomlReader b = a.nested(*a.table("b"), a.full_key("b"));
        (void)b.integer("n", 0, 9);
    });
    CHECK(dotted.key() == "a.b.n");  // a dotted key names the same path as its tables
    CHECK(dotted.line() == 1);
    CHECK(dotted.column() == 9);
}

TEST_CASE("an empty string is an error, alone or in an array", "[util][toml]") {
    const auto alone = error_of("\ns = \"\"\n", "t", [](TomlReader& r) { (void)r.string("s"); });
    CHECK(alone.key() == "t.s");
    CHECK(alone.line() == 2);
    CHECK(alone.column() == 5);
    CHECK(std::string(alone.what()) == "t.toml:2:5: t.s: must not be empty");

    const auto item =
        error_of("l = [\"a\",\n  \"\"]\n", "", [](TomlReader& r) { (void)r.strings("l"); });
    CHECK(item.key() == "l");
    CHECK(item.line() == 2);
    CHECK(item.column() == 3);

    // A choice keeps its message: the empty string is one more value that is not allowed.
    const std::vector<std::string> allowed = {"a", "b"};
    const auto choice =
        error_of("c = \"\"\n", "", [&](TomlReader& r) { (void)r.choice("c", allowed); });
    CHECK(std::string(choice.what()) ==
          "t.toml:1:5: c: \"\" is not valid; expected one of \"a\", \"b\"");
}

TEST_CASE("wrong types name the expected and the actual type at the value", "[util][toml]") {
    struct Case {
        const char* text;
        std::string (*read)(TomlReader&);
        const char* message;
    };
    const Case cases[] = {
        {"v = 1\n", [](TomlReader& r) { return *r.string("v"); },
         "t.toml:1:5: v: expected a string, got an integer"},
        {"v = \"yes\"\n", [](TomlReader& r) { return std::to_string(*r.boolean("v")); },
         "t.toml:1:5: v: expected a boolean, got a string"},
        {"v = 1.5\n", [](TomlReader& r) { return std::to_string(*r.integer("v", 0, 9)); },
         "t.toml:1:5: v: expected an integer, got a float"},
        {"v = [1]\n", [](TomlReader& r) { return std::to_string(*r.number("v")); },
         "t.toml:1:5: v: expected a number, got an array"},
        {"v = \"a\"\n", [](TomlReader& r) { return std::to_string(r.strings("v").size()); },
         "t.toml:1:5: v: expected an array of strings, got a string"},
        {"v = [\"a\", 2]\n", [](TomlReader& r) { return std::to_string(r.strings("v").size()); },
         "t.toml:1:11: v: expected strings only, got an integer"},
        {"v = 1979-05-27\n", [](TomlReader& r) { return std::to_string(r.table("v") != nullptr); },
         "t.toml:1:5: v: expected a table, got a date or time"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const auto e = error_of(c.text, "", c.read);
        CHECK(std::string(e.what()) == c.message);
    }
}

TEST_CASE("values are read, absent keys are nullopt, unknown keys are reported", "[util][toml]") {
    const toml::table root = qa::util::parse_toml(
        "s = \"x\"\nb = false\ni = 7\nf = 2.5\nl = [\"p\", \"q\"]\nc = \"b\"\n", "t.toml", kRaise);
    TomlReader r(root, "", "t.toml", kRaise);
    CHECK(*r.string("s") == "x");
    CHECK(*r.boolean("b") == false);
    CHECK(*r.integer("i", 0, 9) == 7);
    CHECK(*r.number("f") == 2.5);
    CHECK(qa::util::values_of(r.strings("l")) == std::vector<std::string>{"p", "q"});
    const std::vector<std::string> allowed = {"a", "b"};
    CHECK(*r.choice("c", allowed) == 1);
    CHECK_FALSE(r.string("absent").has_value());
    CHECK(r.strings("absent").empty());
    CHECK(r.table("absent") == nullptr);
    CHECK_NOTHROW(r.reject_unknown());

    TomlReader partial(root, "", "t.toml", kRaise);
    (void)partial.string("s");
    try {
        partial.reject_unknown();
        FAIL("an unread key was accepted");
    } catch (const TestError& e) {
        CHECK(e.key() == "b");  // the first unread key, in the table's order
        CHECK(e.line() == 2);
        CHECK(e.column() == 1);
        // The message names the keys the table takes: those the reader asked for.
        CHECK(std::string(e.what()) == "t.toml:2:1: b: unknown key; expected one of \"s\"");
    }
    TomlReader missing(root, "top", "t.toml", kRaise);
    try {
        (void)missing.require("id");
        FAIL("a missing key was accepted");
    } catch (const TestError& e) {
        CHECK(e.key() == "top.id");
        CHECK(std::string(e.what()).find("required key is missing") != std::string::npos);
    }
}
