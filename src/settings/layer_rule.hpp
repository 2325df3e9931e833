#pragma once

#include <string>
#include <vector>

namespace qa::settings {

/// "Files matching `from` may not import files matching any of `deny`" (`[[architecture.layers]]`).
struct LayerRule {
    std::string name;
    std::vector<std::string> from;
    std::vector<std::string> deny;
};

}  // namespace qa::settings
