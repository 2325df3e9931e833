#include "input/lens_kind.hpp"

#include <array>
#include <utility>

namespace qa::input {
namespace {

constexpr std::array<std::pair<LensKind, std::string_view>, 4> kKinds = {{
    {LensKind::rule, "rule"},
    {LensKind::model, "model"},
    {LensKind::execution, "execution"},
    {LensKind::external, "external"},
}};

template <class E, std::size_t N>
std::string_view name_of(const std::array<std::pair<E, std::string_view>, N>& table, E value) {
    for (const auto& [v, name] : table) {
        if (v == value) {
            return name;
        }
    }
    return {};
}

template <class E, std::size_t N>
std::optional<E> value_of(const std::array<std::pair<E, std::string_view>, N>& table,
                          std::string_view text) {
    for (const auto& [v, name] : table) {
        if (name == text) {
            return v;
        }
    }
    return std::nullopt;
}

}  // namespace

std::string_view to_string(LensKind kind) {
    return name_of(kKinds, kind);
}
std::optional<LensKind> lens_kind_from(std::string_view text) {
    return value_of(kKinds, text);
}

}  // namespace qa::input
