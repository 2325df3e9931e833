#include "rules/lazy_regex.hpp"

#include <re2/re2.h>

#include "rules/rule_regex.hpp"

namespace qa::rules {

LazyRegex::LazyRegex(std::string pattern) : pattern_(std::move(pattern)) {}

LazyRegex::~LazyRegex() = default;

const re2::RE2& LazyRegex::get() const {
    std::call_once(once_,
                   [this] { compiled_ = std::make_unique<const RE2>(pattern_, regex_options()); });
    return *compiled_;
}

}  // namespace qa::rules
