#include "input/run_input.hpp"

namespace qa::input {

const LensInput* RunInput::lens(std::string_view lens_id) const {
    const auto it = lenses.find(lens_id);
    return it == lenses.end() ? nullptr : &it->second;
}

}  // namespace qa::input
