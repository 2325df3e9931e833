#pragma once

#include "lenses/api/lens.hpp"

namespace qa::lenses {

/// The architecture lens: `[[architecture.layers]]` rules ("files matching `from` may not
/// import files matching `deny`") checked on the imports and includes of added lines.
/// With no layer rules configured it completes with no finding.
class LayeringLens : public lenses::api::Lens {
  public:
    explicit LayeringLens(std::string version) : version_(std::move(version)) {}
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;

  private:
    std::string version_;
};

}  // namespace qa::lenses
