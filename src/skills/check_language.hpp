#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json/value.hpp"

namespace qa::skills {

/// The machine-checkable part of pre_checks/post_checks `validation` text, the forms seed 001's
/// examples use:
///   X matches pattern R     X's string form matches the RE2 regular expression R (search)
///   X in [a, b, c]          X's string form is one of the items (quotes around items optional)
///   X is not empty          X is present and not "", [], {} or null
///   if A then B             B holds, or A does not
/// X names an input or output. Any other text is "not machine-checkable": reported as such,
/// never counted as passed.
class Condition {
  public:
    enum class Form { Matches, In, NotEmpty, IfThen };

    /// The condition in `text`, or nullopt when it is not in the language (or R does not compile).
    static std::optional<Condition> parse(std::string_view text);

    Form form() const { return form_; }
    /// Every name the condition reads, in order of appearance.
    std::vector<std::string> variables() const;

    /// Looks a name up: the value, or nullptr when absent.
    using Lookup = std::function<const json::Value*(const std::string&)>;
    /// True when the condition holds; `why` receives what was found when it does not.
    bool holds(const Lookup& lookup, std::string* why = nullptr) const;

  private:
    Form form_ = Form::NotEmpty;
    std::string variable_;
    std::string pattern_;
    std::vector<std::string> items_;
    std::shared_ptr<const Condition> if_;
    std::shared_ptr<const Condition> then_;
};

enum class CheckStatus { Passed, Failed, NotCheckable };

/// "passed", "failed", "not machine-checkable".
std::string_view check_status_name(CheckStatus status);

}  // namespace qa::skills
