#pragma once

#include <string>

namespace qa::util {

/// Which build of qa-skill this is: "<version> (git <revision>)", the revision being the commit
/// the binary was built from ("-dirty" when the tree had uncommitted changes, "unknown" outside a
/// git checkout). Run folders record it (artifacts/written_by.hpp): the bytes a run writes are
/// this build's. Defined in a file the build generates (cmake/build_revision.cmake), linked by the
/// binaries and by artifacts/, so a new commit relinks them.
std::string build_version();

/// What `--version` prints: "<program> <build_version()>".
std::string version_line(const std::string& program);

}  // namespace qa::util
