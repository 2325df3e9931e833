#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qa::git {

/// Text in UTF-16 or UTF-32: NUL bytes everywhere, yet text that the rule lenses must read
/// (decoded to UTF-8), or a credential hides in it.
enum class WideEncoding { utf16le, utf16be, utf32le, utf32be };

/// The encoding of `content` when it is wide text: by its byte-order mark, or, without one, by
/// the byte pattern of UTF-16 text that is mostly ASCII (every other byte NUL, the others
/// printable or whitespace, in the first 8000 bytes), which is how Windows tools write files
/// that hold credentials (PowerShell's Out-File, .reg exports, .rdp files). nullopt otherwise:
/// ordinary text has no NUL byte, and binary content rarely has that pattern throughout.
std::optional<WideEncoding> wide_encoding(std::string_view content);

const char* to_string(WideEncoding e);

/// The encoding named by to_string(), for a FileChange's text_encoding.
std::optional<WideEncoding> wide_encoding_named(std::string_view name);

/// `content` as UTF-8, without its byte-order mark when it has one; unpaired surrogates and
/// invalid code points become U+FFFD, and a last incomplete code unit is dropped.
std::string to_utf8(std::string_view content, WideEncoding e);

}  // namespace qa::git
