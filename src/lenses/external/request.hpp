#pragma once

#include <string>

#include "contracts/types.hpp"
#include "lenses/api/lens.hpp"

namespace qa::lenses::external {

/// The protocol name an external lens finds in the request (`protocol`).
inline constexpr const char* kRequestProtocol = "qa-skill-external-lens-request.v1";

/// The JSON an external lens reads on stdin (doc/external-lens-protocol.md): the protocol name,
/// the LensPlan, the lens's settings (mode, diffContext, options) and, for each file of the
/// plan in plan order, what the change holds: its added lines and, for the plan's
/// fullContextFiles, the whole new content. Text that is not UTF-8 is sent with each invalid
/// byte replaced by U+FFFD and the file marked `"lossy": true`. Canonical JSON: the same plan
/// and change give the same bytes. Throws what ChangeSource throws for unreadable content.
std::string request_json(const contracts::LensPlan& plan, const lenses::api::LensContext& context);

}  // namespace qa::lenses::external
