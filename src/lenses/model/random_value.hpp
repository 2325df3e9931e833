#pragma once

#include <cstddef>
#include <string_view>

namespace qa::lenses::model {

/// The thresholds of looks_random(), stated once (doc/model-lenses.md repeats them).
/// A value shorter than this is never judged random: below it, identifiers and short hashes
/// abound, and the credential rules know the short formats.
inline constexpr std::size_t kRandomMinLength = 20;
/// The longest run of letters and digits a value must hold: random base-64 text has few
/// separators, a path or URL (`Modules/_blake2/impl/blake2-config.h`) has short words between
/// many.
inline constexpr std::size_t kRandomMinRun = 12;
/// Shannon bits per character a hexadecimal value must reach (at most 4): 40 random hex digits
/// carry about 3.8, `00000000000000000001` or `deadbeefdeadbeefdead` far less.
inline constexpr double kRandomHexBits = 3.0;
/// ... and any other value of token characters (at most log2 of its length): 20 random base-62
/// characters carry about 4.0, an identifier such as `HTTP2ServerHandler` about 3.6.
inline constexpr double kRandomTokenBits = 3.5;
/// The average length a value's words may reach (name_words(): split at case changes, between
/// letters and digits, at separators): random base-62 or hex text splits into words of about 2
/// characters (99 % of 20-character values at most 3.3), an identifier such as
/// `vkGetPhysicalDeviceFeatures2` or `Direct8X8InferenceEnabled` into words of 4 or more.
inline constexpr double kRandomMaxWordLength = 3.5;

/// Whether `value` looks like a machine-made secret rather than a word, name or path: at least
/// kRandomMinLength characters, all of them token characters (`A-Za-z0-9+/=_-.~`), a run of
/// kRandomMinRun letters and digits, letters and digits mixed, and either hexadecimal with
/// kRandomHexBits or upper, lower case and digits with kRandomTokenBits; words no longer than
/// kRandomMaxWordLength on average; and not typed by hand (rules::looks_typed: `abcdefgh`,
/// `12345678`, `xxxxxxxx`).
bool looks_random(std::string_view value);

}  // namespace qa::lenses::model
