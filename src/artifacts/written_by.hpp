#pragma once

#include <filesystem>
#include <string>

namespace qa::artifacts {

/// Which qa-skill wrote a run folder. The executionKey names a run's inputs (seed 002); the
/// bytes written for them are also those of the qa-skill that ran: another version plans and
/// words its artifacts in its own way. So each manifest.json records its writer, and two runs of
/// one key are compared (drift) only when the same build wrote both.

/// What this build records: util::build_version(), "<version> (git <revision>)".
std::string this_build();

/// The writer a manifest's text records (its qaSkillVersion); "" when it records none (written
/// before builds were recorded) or is not a manifest.
std::string writer_of_manifest(const std::string& manifest);

/// writer_of_manifest() of the run folder `dir`'s manifest.json; "" when it cannot be read.
std::string written_by(const std::filesystem::path& dir);

/// How a report names a writer: "qa-skill <version>", or "an earlier qa-skill" for "".
std::string writer_name(const std::string& writer);

}  // namespace qa::artifacts
