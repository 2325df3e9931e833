#include "input/run_input.hpp"

namespace qa::input {

bool LensInput::required_for(const std::optional<std::string>& sub) const {
    const auto it = sub ? subLensRequired.find(*sub) : subLensRequired.end();
    return it != subLensRequired.end() ? it->second : required;
}

const LensInput* RunInput::lens(std::string_view lens_id) const {
    const auto it = lenses.find(lens_id);
    return it == lenses.end() ? nullptr : &it->second;
}

}  // namespace qa::input
