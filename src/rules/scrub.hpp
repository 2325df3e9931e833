#pragma once

#include <string>
#include <string_view>

#include "rules/rule_set.hpp"

namespace qa::rules {

/// `text` with every secret that the language-neutral rules of `credentials` (the credential
/// rules) find in it masked (mask_secret), for any text that leaves a lens: a snippet, or what
/// an external program wrote about a file. `path` is the file the text is about (for the
/// rules' path allowlists).
std::string without_secrets(const RuleSet& credentials, std::string_view path,
                            std::string_view text);

}  // namespace qa::rules
