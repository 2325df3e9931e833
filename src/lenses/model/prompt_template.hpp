#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qa::lenses::model {

/// The instructions of one model lens: versioned data embedded from
/// `lenses/<lensId>/prompt.v1.md` (a sub-lens: `lenses/<lensId>/<subLensId>.prompt.v1.md`).
/// Its hash (promptTemplateHash) enters the cache key and the lens's evidence summary, so
/// editing a prompt invalidates cached answers and shows in the artifacts.
struct PromptTemplate {
    std::string path;  ///< the embedded path
    std::string_view text;
    std::string hash;  ///< sha256 of the text
};

/// Instructions composed for one plan rather than embedded as they are (the consistency lens's
/// guidance: its frozen rubric's template, rules and exemplars). The hash enters the cache key.
struct Instructions {
    std::string text;
    std::string hash;  ///< sha256 of text
};

/// The template of `lens_id` / `sub_lens_id`, or nullopt when none is embedded.
std::optional<PromptTemplate> prompt_template(std::string_view lens_id,
                                              const std::optional<std::string>& sub_lens_id);

}  // namespace qa::lenses::model
