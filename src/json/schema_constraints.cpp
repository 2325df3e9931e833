// qa-skill's own implementations of `format`, `multipleOf` and `pattern` as valijson custom
// constraints, under the names schema preparation renames those keywords to.
#include "json/schema_constraints.hpp"

#include <re2/re2.h>
#include <valijson/constraint_builder.hpp>
#include <valijson/constraints/concrete_constraints.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

#include "json/canonical.hpp"
#include "json/ecma_regex.hpp"
#include "json/schema_formats.hpp"
#include "json/schema_keywords.hpp"

namespace qa::json {
namespace {

class FormatConstraint final : public valijson::constraints::PolyConstraint {
  public:
    explicit FormatConstraint(std::string format) : format_(std::move(format)) {}

    bool validate(const valijson::adapters::Adapter& target,
                  const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        if (!target.isString() || format_matches(format_, target.getString())) {
            return true;
        }
        if (results != nullptr) {
            results->pushError(context, "String is not a valid " + format_ + ".");
        }
        return false;
    }

  private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) FormatConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(FormatConstraint); }

    std::string format_;
};

class FormatConstraintBuilder final : public valijson::ConstraintBuilder {
  public:
    valijson::constraints::Constraint* make(
        const valijson::adapters::Adapter& node) const override {
        // A non-string `format` is no format at all.
        return new FormatConstraint(node.isString() ? node.getString() : std::string());
    }
};

/// `multipleOf`: exact for integers; for other numbers, a multiple when the quotient is an
/// integer or the remainder is within machine epsilon (what valijson accepts: 0.0075 of 0.0001).
class MultipleOfConstraint final : public valijson::constraints::PolyConstraint {
  public:
    explicit MultipleOfConstraint(double divisor) : divisor_(divisor) {}

    bool validate(const valijson::adapters::Adapter& target,
                  const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        if (!target.isNumber() || !(divisor_ > 0)) {
            return true;
        }
        const double value = target.getNumber();
        std::int64_t i = 0;
        const auto divisor_int = static_cast<std::int64_t>(divisor_);
        bool ok = false;
        if (target.getInteger(i) && std::trunc(divisor_) == divisor_ && divisor_ < 9.2e18) {
            ok = i % divisor_int == 0;
        } else {
            const double quotient = value / divisor_;
            // An integer is a multiple of any 1/n, even where value / divisor overflows.
            const double reciprocal = 1.0 / divisor_;
            const bool integral_over_unit_fraction =
                std::trunc(value) == value && std::trunc(reciprocal) == reciprocal;
            const bool integral_quotient =
                std::isfinite(quotient) && std::trunc(quotient) == quotient;
            const bool tiny_remainder = std::fabs(std::remainder(value, divisor_)) <=
                                        std::numeric_limits<double>::epsilon();
            ok = integral_over_unit_fraction || integral_quotient ||
                 (std::isfinite(quotient) && tiny_remainder);
        }
        if (!ok && results != nullptr) {
            results->pushError(context,
                               "Value should be a multiple of " + format_number(divisor_) + ".");
        }
        return ok;
    }

  private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) MultipleOfConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(MultipleOfConstraint); }

    double divisor_;
};

class MultipleOfConstraintBuilder final : public valijson::ConstraintBuilder {
  public:
    valijson::constraints::Constraint* make(
        const valijson::adapters::Adapter& node) const override {
        double divisor = 0;
        if (!node.getNumber(divisor) || !(divisor > 0)) {
            throw std::runtime_error("'multipleOf' must be a number greater than 0");
        }
        return new MultipleOfConstraint(divisor);
    }
};

/// `pattern`, translated from ECMA-262 (json/ecma_regex.hpp) and matched by RE2 (UTF-8,
/// unanchored search as draft 7 says) in time linear in the string. A pattern RE2 cannot compile (a
/// backreference or a lookaround) is a schema error, never a slower fallback.
class PatternConstraint final : public valijson::constraints::PolyConstraint {
  public:
    PatternConstraint(std::string pattern, std::shared_ptr<const RE2> re)
        : pattern_(std::move(pattern)), re_(std::move(re)) {}

    bool validate(const valijson::adapters::Adapter& target,
                  const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        if (!target.isString() || RE2::PartialMatch(target.getString(), *re_)) {
            return true;
        }
        if (results != nullptr) {
            results->pushError(context, "String does not match the pattern '" + pattern_ + "'.");
        }
        return false;
    }

  private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) PatternConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(PatternConstraint); }

    std::string pattern_;            ///< as the schema wrote it (ECMA-262)
    std::shared_ptr<const RE2> re_;  ///< shared: valijson copies constraints, RE2 cannot be
};

class PatternConstraintBuilder final : public valijson::ConstraintBuilder {
  public:
    valijson::constraints::Constraint* make(
        const valijson::adapters::Adapter& node) const override {
        if (!node.isString()) {
            throw std::runtime_error("'pattern' must be a string");
        }
        const std::string pattern = node.getString();
        auto& re = compiled_[pattern];
        if (re == nullptr) {
            RE2::Options options;
            options.set_log_errors(false);
            auto fresh = std::make_shared<const RE2>(ecma_to_re2(pattern), options);
            if (!fresh->ok()) {
                compiled_.erase(pattern);
                throw std::runtime_error("'pattern' \"" + pattern +
                                         "\" is not a regular expression qa-skill can match in "
                                         "linear time (RE2 syntax): " +
                                         fresh->error());
            }
            re = std::move(fresh);
        }
        return new PatternConstraint(pattern, re);
    }

  private:
    /// One RE2 per distinct pattern of the schema being compiled: the artifact schemas repeat
    /// `^[0-9a-f]{64}$` a score of times. A builder serves one parser, on one thread.
    mutable std::map<std::string, std::shared_ptr<const RE2>, std::less<>> compiled_;
};

}  // namespace

void add_custom_constraints(valijson::SchemaParser& parser) {
    // valijson takes ownership of the builders.
    parser.addConstraintBuilder(std::string(kFormatKeyword), new FormatConstraintBuilder());
    parser.addConstraintBuilder(std::string(kMultipleOfKeyword), new MultipleOfConstraintBuilder());
    parser.addConstraintBuilder(std::string(kPatternKeyword), new PatternConstraintBuilder());
}

}  // namespace qa::json
