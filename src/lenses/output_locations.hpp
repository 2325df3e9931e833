#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace qa::lenses {

/// A file (repository-relative) and line a tool's output names.
struct OutputLocation {
    std::string file;
    std::int64_t line = 1;  ///< 1 when the output names the file without a line
};

/// The files of the tree under test that a formatter, linter, compiler or test runner names in
/// `output`, in order of first mention, each once, at most `limit`: "path:line[:col]" (gcc,
/// clang, rustc's "--> path:line", eslint, ruff, node's stack frames), Python's
/// `File "path", line N`, and a bare path for the formatters that list files ("[warn] path",
/// gofmt -l, clang-format). Absolute paths inside `checkout` are made relative; other absolute
/// paths (the toolchain's own files) and paths `in_tree` does not know are not the user's and
/// are skipped.
std::vector<OutputLocation> output_locations(std::string_view output, std::string_view checkout,
                                             const std::function<bool(const std::string&)>& in_tree,
                                             std::size_t limit);

}  // namespace qa::lenses
