#pragma once

#include <optional>
#include <string>

namespace qa::report {

/// `--color` as given: always, never, or auto (the default).
enum class ColourChoice { auto_, always, never };

/// Reads a `--color` value; nullopt for anything but always|never|auto.
std::optional<ColourChoice> parse_colour_choice(const std::string& text);

/// Whether to colour output written to `fd`. An explicit always/never wins; in auto mode a
/// non-empty FORCE_COLOR other than "0" turns colour on (CI logs), then NO_COLOR (no-color.org)
/// or TERM=dumb turn it off, and otherwise only a terminal gets colour.
bool use_colour(int fd, ColourChoice choice = ColourChoice::auto_);

}  // namespace qa::report
