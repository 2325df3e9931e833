#pragma once

#include <string>
#include <string_view>

namespace qa::lenses::model {

/// `line` as a context packet may carry it (a JSON string, so UTF-8 only): unchanged when it is
/// valid UTF-8; otherwise every byte that does not belong to a well-formed UTF-8 sequence
/// becomes the four characters `\xHH` (upper-case hex), so a Latin-1 `caf\xE9` reaches the
/// model as text instead of failing the request. Well-formed sequences around it are kept.
std::string packet_text(std::string_view line);

}  // namespace qa::lenses::model
