#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/enums.hpp"
#include "contracts/types.hpp"
#include "json/value.hpp"

/// The pieces every contract type's strict reader is made of (see contracts/json_io.hpp for
/// what strict means), and the reader of each type, defined next to its writer.
namespace qa::contracts::io {

/// A value being read: where it is (pointer) and what it is called in messages
/// ("SkillResult.lensResults[0].usage"). `nullable` adds "or null" to expectations.
struct Field {
    const json::Value& value;
    std::string pointer;
    std::string name;
    bool nullable = false;
};

/// The element `index` of the array `array`, whose value is `value`.
Field item(const Field& array, std::size_t index, const json::Value& value);

/// Throws the json::Error that says `f` is not `expected`.
[[noreturn]] void fail(const Field& f, const std::string& expected);

/// The members of an object of a closed type: checks the kind, duplicate, unknown and missing
/// members up front, so per-field reads only check each member's own value.
class Members {
  public:
    Members(const Field& f, std::string_view type, std::initializer_list<std::string_view> names,
            std::initializer_list<std::string_view> optional_names = {});

    /// Whether the member `name` (one of the optional names) is present.
    bool has(std::string_view name) const;

    /// The member `name`, which the constructor proved present.
    Field operator[](std::string_view name) const;

  private:
    const Field& field_;
};

template <class T, class Read>
std::optional<T> nullable(Field f, Read read) {
    if (f.value.is_null()) {
        return std::nullopt;
    }
    f.nullable = true;
    return read(f);
}

std::string read_string(const Field& f);
bool read_bool(const Field& f);
/// An integer >= `minimum` (when given). An integral number such as 3.0 counts, as in JSON
/// Schema draft-07 (JSON has one number type).
std::int64_t read_integer(const Field& f, std::optional<std::int64_t> minimum);
/// A finite number >= 0 (costs).
double read_cost(const Field& f);
/// A SHA-256 digest as 64 lowercase hex digits.
std::string read_hash(const Field& f);
/// A string field whose type is a single literal (schemaVersion, vcs).
std::string read_literal(const Field& f, std::string_view literal);
/// A number field whose type is a single literal (temperature: 0, topP: 1, retryMax: 2).
double read_literal_number(const Field& f, double literal);

template <class E>
E read_enum(const Field& f) {
    std::string expected;
    const auto values = enum_values<E>();
    if (values.size() <= 6) {
        expected = "one of";
        for (std::size_t i = 0; i < values.size(); ++i) {
            expected +=
                std::string(i == 0 ? " \"" : ", \"") + std::string(to_string(values[i])) + "\"";
        }
    } else {
        expected = "a " + std::string(enum_name<E>()) + " value";
    }
    if (!f.value.is_string()) {
        fail(f, expected);
    }
    const auto e = enum_from_string<E>(f.value.as_string());
    if (!e) {
        fail(f, expected);
    }
    return *e;
}

template <class Read>
auto read_array(const Field& f, Read read) {
    using T = decltype(read(f));
    if (!f.value.is_array()) {
        fail(f, "an array");
    }
    std::vector<T> out;
    const json::Array& items = f.value.as_array();
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        out.push_back(read(item(f, i, items[i])));
    }
    return out;
}

std::vector<std::string> read_strings(const Field& f);

template <class E>
std::vector<E> read_enums(const Field& f) {
    return read_array(f, read_enum<E>);
}

std::optional<std::string> read_opt_string(const Field& f);
std::optional<std::int64_t> read_opt_integer(const Field& f, std::optional<std::int64_t> min);
std::optional<double> read_opt_cost(const Field& f);

// One reader per contract type, each in the file of its writer (contracts/io/<type>.cpp);
// field lists are the seed's, in its order.
UsageMetrics read_usage_metrics(const Field& f);
ProviderBinding read_provider_binding(const Field& f);
PermissionProfile read_permission_profile(const Field& f);
ExecutionCommandSpec read_execution_command_spec(const Field& f);
ExecutionCommandResult read_execution_command_result(const Field& f);
ExecutionAudit read_execution_audit(const Field& f);
SkillInput read_skill_input(const Field& f);
LensPlan read_lens_plan(const Field& f);
Finding read_finding(const Field& f);
LensResult read_lens_result(const Field& f);
FinalVerdict read_final_verdict(const Field& f);
SkillResult read_skill_result(const Field& f);

}  // namespace qa::contracts::io
