#pragma once

#include <cstddef>
#include <string_view>

namespace qa::lenses::model {

/// The thresholds of looks_random(), stated once (doc/model-lenses.md repeats them).
/// A value shorter than this is never judged random: below it, identifiers and short hashes
/// abound, and the credential rules know the short formats.
inline constexpr std::size_t kRandomMinLength = 20;
/// Shannon bits per character a hexadecimal value must reach (at most 4): 40 random hex digits
/// carry about 3.8, `00000000000000000001` or `deadbeefdeadbeefdead` far less.
inline constexpr double kRandomHexBits = 3.0;
/// ... and any other value of token characters (at most log2 of its length): 20 random base-62
/// characters carry about 4.0, an identifier such as `HTTP2ServerHandler` about 3.6.
inline constexpr double kRandomTokenBits = 3.5;
/// The share of neighbouring characters of different classes (lower, upper, digit, symbol) a
/// value must reach: about 0.6 in random base-62 or base-64 text, 0.47 in random hex, under
/// 0.25 in camel-case or snake-case names.
inline constexpr double kRandomClassChanges = 0.3;

/// Whether `value` looks like a machine-made secret rather than a word, name or path: at least
/// kRandomMinLength characters, all of them token characters (`A-Za-z0-9+/=_-.~`), letters and
/// digits mixed, and either hexadecimal with kRandomHexBits or upper, lower case and digits
/// with kRandomTokenBits; neighbouring classes change often enough; and not typed by hand
/// (rules::looks_typed: `abcdefgh`, `12345678`, `xxxxxxxx`).
bool looks_random(std::string_view value);

}  // namespace qa::lenses::model
