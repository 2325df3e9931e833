#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

#include "config/config.hpp"
#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "plan/planner.hpp"
#include "plan/registry.hpp"
#include "prepare/run_input.hpp"

using namespace qa;

namespace {

plan::PlanFile file(const std::string& path, std::size_t lines, std::size_t bytes = 100) {
    plan::PlanFile f;
    f.path = path;
    f.fileClass = plan::classify(path, "", false);
    f.changedLines = lines;
    f.contextBytes = bytes;
    f.fileBytes = bytes * 10;
    f.contentId = std::string(40, 'a');
    return f;
}

config::Config default_config() {
    return config::parse_config(config::default_config_text(), "<embedded default>",
                                plan::read_builtin_registry().lens_ids());
}

/// The planner over `config` as a run gives it: through the RunInput prepare builds from it.
plan::PlanOutcome plans_of(const plan::Registry& registry, const config::Config& config,
                           std::vector<plan::PlanFile> files,
                           const std::optional<std::vector<std::string>>& requested) {
    return plan::make_plans(registry, prepare::make_run_input(config, registry, {}),
                            std::move(files), requested);
}

std::string canonical_plans(const std::vector<contracts::LensPlan>& plans) {
    json::Array out;
    for (const auto& p : plans) {
        out.push_back(contracts::to_json(p));
    }
    return json::canonical(json::Value(std::move(out)));
}

}  // namespace

TEST_CASE("the built-in registry validates and lists its seven lenses", "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    const auto ids = registry.lens_ids();
    CHECK(ids == std::vector<std::string>{"security", "style", "architecture", "gate",
                                          "consistency", "performance", "phase"});
    CHECK(registry.lensClassPriority.size() == 5);
}

TEST_CASE("seed test 2: 100 planner runs give byte-identical LensPlan[]", "[plan][seed]") {
    const auto& registry = plan::read_builtin_registry();
    const auto config = default_config();
    const std::vector<plan::PlanFile> files = {file("src/b.py", 10), file("src/a.cpp", 3),
                                               file("docs/x.md", 1), file("package-lock.json", 90),
                                               file("img.png", 0)};
    const auto first = canonical_plans(plans_of(registry, config, files, {}).plans);
    for (std::ptrdiff_t i = 0; i < 100; ++i) {
        auto shuffled = files;
        std::rotate(shuffled.begin(), shuffled.begin() + i % std::ssize(shuffled), shuffled.end());
        REQUIRE(canonical_plans(plans_of(registry, config, shuffled, {}).plans) == first);
    }
}

TEST_CASE("plans are the minimal set, in queue order", "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    const auto config = default_config();
    // A docs-only change triggers the gate lens, secrets and hygiene, not unsafe-code or layering.
    auto out = plans_of(registry, config, {file("README.md", 2)}, {});
    std::vector<std::string> ids;
    for (const auto& p : out.plans) {
        ids.push_back(p.lensId + "/" + p.subLensId.value_or(""));
        CHECK(p.permissionProfileId == contracts::PermissionProfileId::read_only);
        CHECK(p.planOrdinal == static_cast<std::int64_t>(ids.size() - 1));
    }
    CHECK(ids == std::vector<std::string>{"gate/", "security/secrets", "style/hygiene"});

    // Source adds the language-triggered sub-lenses; security (priority 0) comes first.
    out = plans_of(registry, config, {file("src/app.py", 5)}, {});
    ids.clear();
    for (const auto& p : out.plans) {
        ids.push_back(p.lensId + "/" + p.subLensId.value_or(""));
    }
    CHECK(ids == std::vector<std::string>{"gate/", "security/secrets", "security/unsafe-code",
                                          "architecture/layering", "style/hygiene"});
    CHECK(out.codes.empty());
    CHECK(out.confidence == 1.0);
}

TEST_CASE("security/model-review is planned only when the security lens names a provider, bounded",
          "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    auto config = default_config();
    const auto sub_ids = [&] {
        std::vector<std::string> ids;
        for (const auto& p : plans_of(registry, config, {file("src/app.py", 5)}, {}).plans) {
            if (p.lensId == "security") {
                ids.push_back(p.subLensId.value_or(""));
            }
        }
        return ids;
    };
    CHECK(sub_ids() == std::vector<std::string>{"secrets", "unsafe-code"});
    config.providers.push_back(settings::ProviderSettings{});
    config.providers.back().bindingId = "claude";
    config.lenses["security"].provider = "claude";
    CHECK(sub_ids() == std::vector<std::string>{"model-review", "secrets", "unsafe-code"});
    // The model sub-lens's packet is bounded like a model lens's; the rule sub-lenses' scope is
    // not.
    config.maxContextBytes = 1024;
    const auto out =
        plans_of(registry, config, {file("src/a.py", 50, 900), file("src/b.py", 40, 900)}, {});
    for (const auto& p : out.plans) {
        if (p.lensId == "security") {
            INFO(p.subLensId.value_or(""));
            CHECK(p.omittedFiles.empty() == (p.subLensId != "model-review"));
        }
    }
}

TEST_CASE("seed test 9: omitted context is recorded, never dropped silently", "[plan][seed]") {
    const auto& registry = plan::read_builtin_registry();
    auto config = default_config();
    config.maxContextBytes = 1024;
    config.lenses["performance"].enabled = true;  // a model lens: its packet is bounded
    const auto out = plans_of(
        registry, config, {file("a.py", 50, 900), file("b.py", 40, 900), file("c.py", 1, 10)}, {});
    bool model_plan = false;
    for (const auto& p : out.plans) {
        INFO(p.lensId);
        if (p.lensId == "performance") {
            model_plan = true;
            // a.py (most lines) fits first; b.py does not; c.py still fits after it.
            CHECK(p.changedFiles == std::vector<std::string>{"a.py", "c.py"});
            CHECK(p.omittedFiles == std::vector<std::string>{"b.py"});
        } else {
            // Rule lenses read files locally and send nothing to a model: nothing is omitted.
            CHECK(p.changedFiles == std::vector<std::string>{"a.py", "b.py", "c.py"});
            CHECK(p.omittedFiles.empty());
        }
    }
    CHECK(model_plan);
}

TEST_CASE("the hard cap emits DIFF_TOO_LARGE and keeps the best-ranked files", "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    auto config = default_config();
    config.maxChangedFiles = 2;
    config.lenses["performance"].enabled = true;
    const std::vector<plan::PlanFile> files = {file("docs/a.md", 500), file("src/x.py", 3),
                                               file("src/y.py", 9), file("src/z.py", 1)};
    const auto out = plans_of(registry, config, files, {});
    CHECK(std::find(out.codes.begin(), out.codes.end(), contracts::ErrorCode::DIFF_TOO_LARGE) !=
          out.codes.end());
    // Only what a plan left out: the model lens is not triggered by docs.
    CHECK(out.filesOverCap == std::vector<std::string>{"src/z.py"});
    for (const auto& p : out.plans) {
        INFO(p.lensId);
        if (p.lensId == "performance") {
            CHECK(p.changedFiles == std::vector<std::string>{"src/x.py", "src/y.py"});
            CHECK(p.omittedFiles == std::vector<std::string>{"src/z.py"});
        } else if (p.lensId == "security" && p.subLensId == "secrets") {
            CHECK(p.changedFiles ==
                  std::vector<std::string>{"docs/a.md", "src/x.py", "src/y.py", "src/z.py"});
            CHECK(p.omittedFiles.empty());
        }
    }

    // Rule lenses alone: nothing is left out, so nothing is reported as left out.
    config.lenses["performance"].enabled = false;
    const auto rules_only = plans_of(registry, config, files, {});
    CHECK(std::find(rules_only.codes.begin(), rules_only.codes.end(),
                    contracts::ErrorCode::DIFF_TOO_LARGE) == rules_only.codes.end());
    CHECK(rules_only.filesOverCap.empty());
    for (const auto& p : rules_only.plans) {
        CHECK(p.omittedFiles.empty());
    }
}

TEST_CASE("a large rule-lens scope is cut into shards by bytes, whatever the worker count",
          "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    const auto config = default_config();
    // 40 files of 1 MiB (fileBytes) each: about 10 shards of 4 MiB per sub-lens.
    std::vector<plan::PlanFile> files;
    for (int i = 0; i < 40; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "src/m%02d.py", i);
        auto f = file(name, 10);
        f.fileBytes = 1024 * 1024;
        f.contextBytes = 0;  // all-files: the lines are the blob (40 MiB in all)
        files.push_back(f);
    }
    const auto out = plans_of(registry, config, files, {});
    std::map<std::string, std::vector<std::string>> covered;
    std::map<std::string, int> shards;
    for (const auto& p : out.plans) {
        const std::string id = p.lensId + "/" + p.subLensId.value_or("");
        ++shards[id];
        CHECK(p.omittedFiles.empty());
        CHECK_FALSE(p.changedFiles.empty());
        CHECK(p.changedFiles.size() <= 8);  // no shard much over its share of the bytes
        covered[id].insert(covered[id].end(), p.changedFiles.begin(), p.changedFiles.end());
    }
    for (auto& [id, paths] : covered) {
        INFO(id);
        CHECK(shards[id] == 10);
        std::sort(paths.begin(), paths.end());
        CHECK(paths.size() == files.size());  // every file once, in exactly one shard
        CHECK(std::adjacent_find(paths.begin(), paths.end()) == paths.end());
    }
    // Byte-identical on every call (and so at any --jobs: the planner never sees it).
    CHECK(canonical_plans(plans_of(registry, config, files, {}).plans) ==
          canonical_plans(out.plans));
    // A small change is one plan per sub-lens (the gate lens's included), as before.
    const auto small = plans_of(registry, config, {file("src/app.py", 5)}, {});
    CHECK(small.plans.size() == 5);
}

TEST_CASE("low confidence widens to a broad scan with its code", "[plan]") {
    const auto& registry = plan::read_builtin_registry();
    auto config = default_config();
    // Mostly binary files: style (hygiene) and security (secrets, which reads their printable
    // runs) claim binaries; disable both to leave them unclaimed.
    config.lenses["style"].enabled = false;
    config.lenses["security"].enabled = false;
    auto png = file("a.png", 0);
    png.fileClass = plan::classify("a.png", "", true);
    auto gif = file("b.gif", 0);
    gif.fileClass = plan::classify("b.gif", "", true);
    const auto out = plans_of(registry, config, {png, gif, file("c.py", 1)}, {});
    CHECK(out.confidence < registry.broadScanThreshold);
    CHECK(std::find(out.codes.begin(), out.codes.end(),
                    contracts::ErrorCode::PLAN_CONFIDENCE_LOW_BROAD_SCAN) != out.codes.end());
    for (const auto& p : out.plans) {
        CHECK(p.changedFiles.size() == 3);
    }
}
