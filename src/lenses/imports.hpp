#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qa::lenses {

/// What one source line imports, as repository paths the layer globs can match: a relative
/// import is resolved against the importing file's folder; a module path (`a.b.c`,
/// `crate::a::b`) becomes `a/b/c` plus its likely file names (`a/b/c.py`, `src/a/b.rs`).
/// Empty when the line imports nothing. Supports C/C++, Python, JavaScript/TypeScript, Go,
/// Rust and Java; `language` is a classify() language.
std::vector<std::string> import_targets(std::string_view language, std::string_view file_path,
                                        std::string_view line);

/// `path` with "." and ".." segments resolved and duplicate slashes removed; a path that climbs
/// above the root keeps its leading "../".
std::string normalize_path(std::string_view path);

}  // namespace qa::lenses
