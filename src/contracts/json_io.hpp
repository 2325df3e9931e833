#pragma once

/// Contract types to and from json::Value. Writing is total; reading is strict and mirrors the
/// schemas under schemas/v1/: closed objects, every field required, exact enum spellings,
/// integers where the seed counts, literal fields at their one value, hashes as 64 lowercase hex
/// digits. A reader error is a json::Error whose pointer() is the RFC 6901 pointer of the
/// offending value (for a missing field: where the field should be) and whose message names
/// the field and what was expected.

#include <string>
#include <string_view>

#include "contracts/types.hpp"
#include "json/value.hpp"

namespace qa::contracts {

json::Value to_json(const UsageMetrics& value);
json::Value to_json(const ProviderBinding& value);
json::Value to_json(const PermissionProfile& value);
json::Value to_json(const ExecutionCommandSpec& value);
json::Value to_json(const ExecutionCommandResult& value);
json::Value to_json(const SandboxMount& value);
json::Value to_json(const SandboxView& value);
json::Value to_json(const ExecutionAudit& value);
json::Value to_json(const SkillInput& value);
json::Value to_json(const LensPlan& value);
json::Value to_json(const Finding& value);
json::Value to_json(const LensResult& value);
json::Value to_json(const FinalVerdict& value);
json::Value to_json(const SkillResult& value);

/// json::canonical(to_json(value)), written without building the value: for the types a run
/// holds by the thousand.
std::string canonical_json(const Finding& value);
std::string canonical_json(const LensResult& value);

/// Reads a T from `value`, which sits at `pointer` in its document (so errors point into the
/// whole document, e.g. "/lensResults/3"). Throws json::Error. Defined for the types above.
template <class T>
T from_json(const json::Value& value, const std::string& pointer = "");

/// Parses JSON text and reads a T from it. Throws json::Error.
template <class T>
T from_json_text(std::string_view json_text);

SkillInput parse_skill_input(std::string_view json_text);
SkillResult parse_skill_result(std::string_view json_text);
LensPlan parse_lens_plan(std::string_view json_text);
LensResult parse_lens_result(std::string_view json_text);
FinalVerdict parse_final_verdict(std::string_view json_text);
ExecutionAudit parse_execution_audit(std::string_view json_text);

}  // namespace qa::contracts
