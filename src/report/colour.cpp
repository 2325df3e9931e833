#include "report/colour.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace qa::report {
namespace {

std::string_view env(const char* name) {
    const char* v = std::getenv(name);
    return v == nullptr ? std::string_view() : std::string_view(v);
}

}  // namespace

std::optional<ColourChoice> parse_colour_choice(const std::string& text) {
    if (text == "auto") {
        return ColourChoice::auto_;
    }
    if (text == "always") {
        return ColourChoice::always;
    }
    if (text == "never") {
        return ColourChoice::never;
    }
    return std::nullopt;
}

bool use_colour(int fd, ColourChoice choice) {
    if (choice != ColourChoice::auto_) {
        return choice == ColourChoice::always;
    }
    const std::string_view force = env("FORCE_COLOR");
    if (!force.empty() && force != "0" && force != "false") {
        return true;
    }
    if (!env("NO_COLOR").empty() || env("TERM") == "dumb") {
        return false;
    }
    return ::isatty(fd) == 1;
}

}  // namespace qa::report
