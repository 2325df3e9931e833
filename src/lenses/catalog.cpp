#include "lenses/catalog.hpp"

namespace qa::lenses {

void Catalog::add(input::LensKind kind, std::string engine, LensFactory factory) {
    factories_[{kind, std::move(engine)}] = std::move(factory);
}

void Catalog::build(const plan::Registry& registry) {
    for (const auto& entry : registry.lenses) {
        const auto factory = factories_.find(std::pair(entry.kind, entry.engine));
        if (factory == factories_.end()) {
            continue;
        }
        if (auto lens = factory->second(entry)) {
            lenses_[entry.lensId] = std::move(lens);
        }
    }
}

const lenses::api::Lens* Catalog::find(std::string_view lens_id) const {
    const auto it = lenses_.find(lens_id);
    return it == lenses_.end() ? nullptr : it->second.get();
}

}  // namespace qa::lenses
