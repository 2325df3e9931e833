#include "rules/rule_regex.hpp"

namespace qa::rules {

RE2::Options regex_options() {
    RE2::Options options;
    options.set_encoding(RE2::Options::EncodingLatin1);
    options.set_never_nl(true);
    options.set_log_errors(false);
    return options;
}

std::string multiline(std::string_view pattern) {
    return "(?m)" + std::string(pattern);
}

}  // namespace qa::rules
