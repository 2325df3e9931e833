#pragma once

#include <string>

namespace qa::util {

/// What `--version` prints: "<program> <version> (git <revision>)", the revision being the
/// commit the binary was built from ("-dirty" when the tree had uncommitted changes, "unknown"
/// outside a git checkout). Defined in a file the build generates (cmake/build_revision.cmake),
/// linked by the two binaries only, so a new commit relinks them and nothing else.
std::string version_line(const std::string& program);

}  // namespace qa::util
