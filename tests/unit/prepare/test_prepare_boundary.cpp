// Only prepare reads the configuration: every later step reads the values prepare hands on
// (input::RunInput, prepare::Prepared, settings/), so that what a run depended on is what its
// artifacts and replay.json say. The boundary is where `#include "config/...` may appear.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "util/file.hpp"

namespace fs = std::filesystem;

namespace {

/// The folders that may include config/: the parser itself, the commands that load a
/// configuration (`config check`, `rules`...), and the prepare step (src/prepare/, which reads
/// the configuration of the tree under test, and a replay's stored one). Nothing else: a file
/// of another folder that needs a setting takes it from Prepared or RunInput.
const std::vector<std::string> kReaders = {"config/", "cli/", "prepare/"};

}  // namespace

TEST_CASE("only config/, the commands and the prepare step include config/ headers", "[prepare]") {
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
        if (rel.starts_with("prepare/")) {
            ++prepare_files;
        }
        if (std::none_of(kReaders.begin(), kReaders.end(),
                         [&](const std::string& folder) { return rel.starts_with(folder); })) {
            outside.push_back(rel);
        }
    }
    INFO("these files read the configuration after prepare; hand them a value instead");
    CAPTURE(outside);
    CHECK(outside.empty());
    CHECK(prepare_files > 0);  // the scan found the prepare step: it looked in the right place
}
