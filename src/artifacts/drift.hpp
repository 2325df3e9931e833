#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artifacts/writer.hpp"

namespace qa::artifacts {

/// Where two runs of one executionKey first differ: the hashed artifact, the JSON pointer in it
/// ("" for the whole document, when one side is not JSON) and both values as canonical JSON,
/// cut to a few hundred bytes.
struct Difference {
    std::string file;
    std::string pointer;
    std::string stored;
    std::string replayed;
};

/// The first pointer (in document order, object members by key) at which the JSON texts differ;
/// nullopt when they are the same bytes.
std::optional<Difference> first_difference(const std::string& file, std::string_view stored,
                                           std::string_view replayed);

/// The first difference between the hashed artifacts of the run folder `dir` and `replayed`
/// (render_run's), in kArtifactFiles order; nullopt when every file has the same bytes. A
/// stored file that is missing or unreadable differs at "".
std::optional<Difference> compare_run(const std::filesystem::path& dir,
                                      const std::vector<RenderedFile>& replayed);

}  // namespace qa::artifacts
