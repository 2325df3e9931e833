#include <system_error>

#include "config/config.hpp"
#include "config/rules_files.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

namespace qa::config {

std::string_view default_config_text() {
    const auto text = util::find_embedded("config/default.qa-skill.toml");
    return text ? *text : std::string_view();
}

Config load_config(const std::filesystem::path& repo_root,
                   std::span<const std::string> known_lens_ids) {
    const auto path = repo_root / settings::kConfigFileName;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
        return parse_config(default_config_text(), std::string(kEmbeddedSource), known_lens_ids);
    }
    std::string text;
    try {
        text = util::read_file(path);
    } catch (const util::IoError& e) {
        throw settings::ConfigError(path.string(), 0, 0, "", e.what());
    }
    Config config = parse_config(text, path.string(), known_lens_ids);
    load_rules_files(config, repo_root);
    return config;
}

}  // namespace qa::config
