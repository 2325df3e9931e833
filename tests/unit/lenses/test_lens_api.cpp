#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "lenses/api/lens.hpp"
#include "lenses/catalog.hpp"
#include "plan/registry.hpp"
#include "rules/rule_set.hpp"
#include "support/builtin_lenses.hpp"

using namespace qa;

namespace {

class NamedLens : public lenses::api::Lens {
  public:
    explicit NamedLens(std::string name) : tag(std::move(name)) {}
    contracts::LensResult run(const contracts::LensPlan&,
                              const lenses::api::LensContext&) const override {
        return {};
    }
    std::string tag;
};

}  // namespace

TEST_CASE("the catalog builds each registry lens with its kind's factory", "[lenses][catalog]") {
    const auto& registry = plan::read_builtin_registry();
    lenses::Catalog catalog;
    std::vector<std::string> seen;
    catalog.add(input::LensKind::model, "model", [&](const plan::LensEntry& entry) {
        seen.push_back(entry.lensId + "@" + entry.lensVersion);
        return std::make_unique<NamedLens>("model:" + entry.lensId);
    });
    catalog.build(registry);
    std::vector<std::string> expected;
    for (const auto& entry : registry.lenses) {
        if (entry.kind == input::LensKind::model) {
            expected.push_back(entry.lensId + "@" + entry.lensVersion);
            const auto* lens = dynamic_cast<const NamedLens*>(catalog.find(entry.lensId));
            REQUIRE(lens != nullptr);
            CHECK(lens->tag == "model:" + entry.lensId);
        } else {
            CHECK(catalog.find(entry.lensId) == nullptr);  // no factory for its kind
        }
    }
    CHECK_FALSE(expected.empty());
    CHECK(seen == expected);
}

TEST_CASE("the built-in catalog implements the rule, execution and model lenses",
          "[lenses][catalog]") {
    for (const auto& entry : plan::read_builtin_registry().lenses) {
        INFO(entry.lensId);
        CHECK(qa::test::builtin_lens(entry.lensId) != nullptr);
    }
    CHECK(qa::test::builtin_lens("no-such-lens") == nullptr);
}

TEST_CASE("added lines of a whole file are read by read(), never by iterating",
          "[dispatch][lens-api]") {
    int loads = 0;
    const auto lines = lenses::api::AddedLines::every_line(3, [&] {
        ++loads;
        return std::make_shared<const std::string>("a\nb\r\nc");
    });
    CHECK(lines.size() == 3);
    CHECK(lines.every_line());
    CHECK(loads == 0);
    const auto read = lines.read();
    CHECK(loads == 1);
    std::vector<std::string> texts;
    std::vector<std::uint32_t> numbers;
    for (const auto& line : read) {
        texts.emplace_back(line.text);
        numbers.push_back(line.lineNo);
    }
    for (const auto& line : read) {  // a second pass reads nothing again
        (void)line;
    }
    CHECK(loads == 1);
    CHECK(texts == std::vector<std::string>{"a", "b\r", "c"});
    CHECK(numbers == std::vector<std::uint32_t>{1, 2, 3});

    const lenses::api::AddedLines listed(std::vector<lenses::api::AddedLine>{{4, "x"}, {9, "y"}});
    numbers.clear();
    for (const auto& line : listed.read()) {
        numbers.push_back(line.lineNo);
    }
    CHECK(numbers == std::vector<std::uint32_t>{4, 9});
}

TEST_CASE("added lines of a diff are ranges of their contents, read once per read()",
          "[dispatch][lens-api]") {
    std::vector<int> loads(2, 0);
    const auto source = [&](std::size_t i, std::string text) {
        return lenses::api::AddedLines::Loader([&loads, i, text = std::move(text)] {
            ++loads[i];
            return std::make_shared<const std::string>(text);
        });
    };
    // Ranges in the change's order: a later range may start before an earlier one (a widened
    // PEM block comes after the diff's own hunks) or come from another blob (earlier commits),
    // and a range past the end of its content gives the lines that exist.
    const auto lines = lenses::api::AddedLines::ranges(
        {{2, 2, 0}, {5, 1, 0}, {1, 1, 0}, {2, 1, 1}, {3, 5, 1}, {9, 1, 0}},
        {source(0, "one\ntwo\r\nthree\nfour\nfive"), source(1, "x\ny\nz\n")});
    CHECK(lines.size() == 11);
    CHECK_FALSE(lines.every_line());
    CHECK_FALSE(lines.leading_lines());
    CHECK(loads == std::vector<int>{0, 0});
    std::vector<std::string> texts;
    std::vector<std::uint32_t> numbers;
    const auto read = lines.read();
    for (const auto& line : read) {
        texts.emplace_back(line.text);
        numbers.push_back(line.lineNo);
    }
    CHECK(loads == std::vector<int>{1, 1});
    CHECK(texts == std::vector<std::string>{"two\r", "three", "five", "one", "y", "z"});
    CHECK(numbers == std::vector<std::uint32_t>{2, 3, 5, 1, 2, 3});

    // Lines 1 to N of one content: a reader may take the content itself.
    CHECK(lenses::api::AddedLines::ranges({{1, 2, 0}, {3, 4, 0}}, {source(0, "a\n")})
              .leading_lines());
    CHECK_FALSE(lenses::api::AddedLines::ranges({{2, 2, 0}}, {source(0, "a\n")}).leading_lines());
    CHECK_FALSE(
        lenses::api::AddedLines::ranges({{1, 1, 0}, {2, 1, 1}}, {source(0, ""), source(1, "")})
            .leading_lines());

    // Nothing to read: no load.
    const auto none = lenses::api::AddedLines::ranges({}, {source(0, "a\n")});
    CHECK(none.empty());
    CHECK(none.read().begin() == lenses::api::AddedLines::Sentinel{});
    CHECK(loads[0] == 1);
}

TEST_CASE("lens kinds and modes have one spelling each", "[dispatch][lens-api]") {
    for (const auto kind : {input::LensKind::rule, input::LensKind::model,
                            input::LensKind::execution, input::LensKind::external}) {
        CHECK(input::lens_kind_from(input::to_string(kind)) == kind);
    }
    for (const auto mode : {input::LensMode::added, input::LensMode::diff_context,
                            input::LensMode::file, input::LensMode::all}) {
        CHECK(qa::settings::lens_mode_from(input::to_string(mode)) == mode);
    }
    CHECK_FALSE(input::lens_kind_from("Rule").has_value());
    CHECK_FALSE(qa::settings::lens_mode_from("").has_value());
}

TEST_CASE("every built-in rule names the sub-lens that reports it", "[lenses][catalog][rules]") {
    const auto& registry = plan::read_builtin_registry();
    std::size_t rules_seen = 0;
    for (const auto& entry : registry.lenses) {
        if (entry.engine != "rules") {
            continue;
        }
        std::vector<std::string> subs;
        for (const auto& sub : entry.subLenses) {
            if (sub.subLensId && !sub.model) {
                subs.push_back(*sub.subLensId);
            }
        }
        const std::array<std::string_view, 1> ids{entry.lensId};
        const auto set = rules::RuleSet::from_embedded_lenses(ids);
        for (const auto& rule : set.rules()) {
            INFO(entry.lensId << "/" << rule.id << " sub_lens=" << rule.subLens);
            CHECK(std::find(subs.begin(), subs.end(), rule.subLens) != subs.end());
            if (rule.subLens == "secrets") {
                CHECK(rule.languages.empty());  // credential rules read every file
            }
            if (rule.subLens == "unsafe-code") {
                CHECK_FALSE(rule.languages.empty());  // unsafe code is per language
            }
            ++rules_seen;
        }
    }
    CHECK(rules_seen > 100);
}

TEST_CASE("the catalog serves a registry entry by its declared kind and engine, not its id",
          "[lenses][catalog]") {
    plan::Registry registry = plan::read_builtin_registry();
    registry.lenses = {registry.lenses.front()};
    registry.lenses[0].lensId = "renamed";
    registry.lenses[0].kind = input::LensKind::rule;
    registry.lenses[0].engine = "gate";
    lenses::Catalog catalog;
    catalog.add(input::LensKind::rule, "gate", [](const plan::LensEntry& entry) {
        return std::make_unique<NamedLens>("gate:" + entry.lensId);
    });
    catalog.add(input::LensKind::model, "gate",
                [](const plan::LensEntry&) { return std::make_unique<NamedLens>("wrong kind"); });
    catalog.build(registry);
    const auto* lens = dynamic_cast<const NamedLens*>(catalog.find("renamed"));
    REQUIRE(lens != nullptr);
    CHECK(lens->tag == "gate:renamed");

    registry.lenses[0].engine = "no-such-engine";
    lenses::Catalog none;
    none.add(input::LensKind::rule, "gate",
             [](const plan::LensEntry&) { return std::make_unique<NamedLens>("gate"); });
    none.build(registry);
    CHECK(none.find("renamed") == nullptr);  // no implementation: its plans fail
}
