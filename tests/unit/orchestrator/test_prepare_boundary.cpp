// Only prepare reads the configuration: every later step reads the values prepare hands on
// (input::RunInput, orchestrator::Prepared, settings/), so that what a run depended on is what its
// artifacts and replay.json say. The boundary is where `#include "config/...` may appear.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "util/file.hpp"

namespace fs = std::filesystem;

namespace {

/// The files of the prepare step (orchestrator/prepare.cpp and what it calls to read and check
/// the configuration) and of a replay's prepare, which reads the stored one.
const std::set<std::string> kPrepareStep = {
    "orchestrator/binding_check.hpp",    "orchestrator/config_checks.hpp",
    "orchestrator/config_facts.cpp",     "orchestrator/execution_policy.cpp",
    "orchestrator/execution_policy.hpp", "orchestrator/frozen_rubric.cpp",
    "orchestrator/frozen_rubric.hpp",    "orchestrator/gate_changes.cpp",
    "orchestrator/gate_changes.hpp",     "orchestrator/prepare.cpp",
    "orchestrator/replay_prepare.cpp",   "orchestrator/run_input.hpp",
    "orchestrator/run_registry.hpp",     "orchestrator/skill_input.hpp",
    "orchestrator/sub_lens_check.hpp",   "orchestrator/tree_config.cpp",
    "orchestrator/tree_config.hpp"};

}  // namespace

TEST_CASE("only config/, the commands and the prepare step include config/ headers",
          "[orchestrator][prepare]") {
    const fs::path src = fs::path(QA_SOURCE_DIR) / "src";
    std::vector<std::string> outside;
    std::size_t prepare_files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(src)) {
        if (!entry.is_regular_file()) {
            continue;
        }
        const std::string rel = fs::relative(entry.path(), src).generic_string();
        if (qa::util::read_file(entry.path()).find("#include \"config/") == std::string::npos) {
            continue;
        }
        if (rel.starts_with("config/") || rel.starts_with("cli/")) {
            continue;
        }
        if (kPrepareStep.count(rel) != 0) {
            ++prepare_files;
            continue;
        }
        outside.push_back(rel);
    }
    INFO("these files read the configuration after prepare; hand them a value instead");
    CAPTURE(outside);
    CHECK(outside.empty());
    CHECK(prepare_files > 0);  // the scan found the prepare step: it looked in the right place
}
