#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace qa::plan {

/// What a changed file is, as far as choosing lenses goes.
enum class FileKind { source, test, config, docs, lockfile, generated, vendored, binary };

/// The seed's diff buckets (SLO table of seed 002).
enum class DiffBucket { small, medium, large };

struct FileClass {
    std::string language;  ///< e.g. "cpp", "python"; empty when unknown
    FileKind kind = FileKind::docs;
};

/// Classifies `path` by its name, extension and, for files without a telling extension, the
/// shebang on `first_line`. `binary` comes from git's own detection.
FileClass classify(std::string_view path, std::string_view first_line, bool binary);

/// small: <=20 files and <=800 lines; large: >80 files or >4000 lines; medium otherwise.
DiffBucket diff_bucket(std::size_t changed_files, std::size_t changed_lines);

std::string_view to_string(FileKind kind);
std::string_view to_string(DiffBucket bucket);

}  // namespace qa::plan
