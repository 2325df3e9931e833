#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "input/run_input.hpp"
#include "lenses/api/lens.hpp"
#include "plan/registry.hpp"

namespace qa::lenses {

/// Builds the implementation of one registry lens of the factory's kind and engine, from its
/// entry (id, version, class and sub-lenses live there, once); nullptr when it has none.
using LensFactory = std::function<std::unique_ptr<const lenses::api::Lens>(const plan::LensEntry&)>;

/// The lens implementations of a process, keyed by lensId and built from the registry by what
/// each entry declares: its kind (rule, model, execution) and its engine (which implementation
/// of that kind, e.g. rules, gate, layering), one factory each. No lens id is known here: a
/// lens whose kind and engine have no factory, or whose factory returned nullptr, has no
/// implementation: its plans fail ("no implementation"), they never pass. Immutable once built;
/// shared by every worker.
class Catalog {
  public:
    void add(input::LensKind kind, std::string engine, LensFactory factory);
    /// Builds every lens of `registry` whose kind and engine have a factory. Throws what a
    /// factory throws.
    void build(const plan::Registry& registry);
    const lenses::api::Lens* find(std::string_view lens_id) const;
    /// The one implementation of every external lens (`[lenses.<id>] kind = "external"`): they
    /// are not in the registry and differ only in their LensInput (the command).
    void set_external(std::unique_ptr<const lenses::api::Lens> lens) {
        external_ = std::move(lens);
    }
    const lenses::api::Lens* external() const { return external_.get(); }

  private:
    std::map<std::pair<input::LensKind, std::string>, LensFactory> factories_;
    std::map<std::string, std::unique_ptr<const lenses::api::Lens>, std::less<>> lenses_;
    std::unique_ptr<const lenses::api::Lens> external_;
};

}  // namespace qa::lenses
