#include "lenses/model/prompt_template.hpp"

#include "util/embedded_files.hpp"
#include "util/sha256.hpp"

namespace qa::lenses::model {

std::optional<PromptTemplate> prompt_template(std::string_view lens_id,
                                              const std::optional<std::string>& sub_lens_id) {
    std::string path = "lenses/" + std::string(lens_id) + "/" +
                       (sub_lens_id ? *sub_lens_id + "." : std::string()) + "prompt.v1.md";
    const auto text = util::find_embedded(path);
    if (!text) {
        return std::nullopt;
    }
    return PromptTemplate{std::move(path), *text, util::sha256_hex(*text)};
}

}  // namespace qa::lenses::model
