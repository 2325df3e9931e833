#pragma once

#include <array>
#include <initializer_list>
#include <string_view>

namespace qa::util {

/// The SHA-1 of the concatenated `parts` (git's object ids: a header, then the content). Over
/// OpenSSL's low-level functions, for the reason util/sha256.cpp gives.
std::array<unsigned char, 20> sha1(std::initializer_list<std::string_view> parts);

}  // namespace qa::util
