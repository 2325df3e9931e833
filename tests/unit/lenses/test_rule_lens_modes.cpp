// The rule lens's modes (`[lenses.<id>] mode`) on an in-memory change, through the lens API as
// the dispatcher calls it: which lines a finding may land on. The file holds an eval() on line 2
// that the change does not add; the change adds line 5 only.
#include <catch2/catch.hpp>

#include "config/config.hpp"
#include "input/run_input.hpp"
#include "lenses/api/lens.hpp"
#include "plan/registry.hpp"
#include "prepare/run_input.hpp"
#include "support/builtin_lenses.hpp"
#include "support/memory_changes.hpp"

namespace {

using namespace qa;

const std::string kFile =
    "import os\n"
    "result = eval(user_input)\n"
    "a = 1\n"
    "b = 2\n"
    "c = 3\n";

/// The security lens's unsafe-code plan over app.py, run with `mode` and `diff_context`.
std::vector<std::int64_t> eval_lines(input::LensMode mode, std::int64_t diff_context) {
    const auto config = config::parse_config(config::default_config_text(), "<embedded default>",
                                             plan::read_builtin_registry().lens_ids());
    input::RunInput input =
        prepare::make_run_input(config, plan::read_builtin_registry(), contracts::SkillInput{});
    input::LensInput& settings = input.lenses.at("security");
    settings.mode = mode;
    settings.diffContext = diff_context;

    test::MemoryChangeSource changes;
    changes.add("app.py", "python", kFile, {5});
    contracts::LensPlan plan;
    plan.lensId = "security";
    plan.subLensId = "unsafe-code";
    plan.lensVersion = settings.lensVersion;
    plan.lensClass = contracts::LensClass::security;
    plan.changedFiles = {"app.py"};
    if (mode == input::LensMode::file || mode == input::LensMode::all) {
        plan.fullContextFiles = {"app.py"};
    }
    const lenses::api::Services services;
    const lenses::api::LensContext context{input, settings, changes, services, {}};
    const lenses::api::Lens* lens = qa::test::builtin_lens("security");
    REQUIRE(lens != nullptr);
    const auto result = lens->run(plan, context);
    REQUIRE(result.status == contracts::LensStatus::completed);
    std::vector<std::int64_t> lines;
    for (const auto& f : result.findings) {
        if (f.ruleId == "eval-python") {
            lines.push_back(f.startLine);
        }
    }
    return lines;
}

}  // namespace

TEST_CASE("mode added reports only on the lines the change adds", "[lenses][modes]") {
    CHECK(eval_lines(input::LensMode::added, 3).empty());
}

TEST_CASE("mode diff_context reports within diff_context lines of an added line",
          "[lenses][modes]") {
    CHECK(eval_lines(input::LensMode::diff_context, 3) == std::vector<std::int64_t>{2});
    CHECK(eval_lines(input::LensMode::diff_context, 2).empty());  // line 2 is 3 away from 5
}

TEST_CASE("modes file and all report on every line of a changed file", "[lenses][modes]") {
    CHECK(eval_lines(input::LensMode::file, 0) == std::vector<std::int64_t>{2});
    CHECK(eval_lines(input::LensMode::all, 0) == std::vector<std::int64_t>{2});
}
