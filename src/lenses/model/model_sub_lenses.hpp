#pragma once

#include <memory>
#include <set>
#include <string>

#include "lenses/api/lens.hpp"

namespace qa::lenses::model {

/// A lens of another kind with model sub-lenses (security and its `model-review`): the plans
/// of the model sub-lenses go to the model lens, every other plan to the lens itself. Stateless
/// like both lenses it holds.
class WithModelSubLenses final : public lenses::api::Lens {
  public:
    WithModelSubLenses(std::unique_ptr<const lenses::api::Lens> lens,
                       std::unique_ptr<const lenses::api::Lens> model,
                       std::set<std::string, std::less<>> model_sub_lenses)
        : lens_(std::move(lens)),
          model_(std::move(model)),
          modelSubLenses_(std::move(model_sub_lenses)) {}

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override {
        const bool model = plan.subLensId && modelSubLenses_.contains(*plan.subLensId);
        return model ? model_->run(plan, context) : lens_->run(plan, context);
    }

  private:
    std::unique_ptr<const lenses::api::Lens> lens_;
    std::unique_ptr<const lenses::api::Lens> model_;
    std::set<std::string, std::less<>> modelSubLenses_;
};

}  // namespace qa::lenses::model
