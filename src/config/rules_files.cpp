#include "config/rules_files.hpp"
#include "config/repo_file.hpp"

#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::config {

void load_rules_files(Config& config, const std::filesystem::path& repo_root) {
    for (auto& file : config.rulesFiles) {
        const auto path = resolve_repo_file(repo_root, file.path,
                                            {config.source, file.line, file.column, "rules_files"});
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
            throw settings::ConfigError(config.source, file.line, file.column, "rules_files",
                                        file.path + " is not a file of the repository");
        }
        try {
            file.text = util::read_file(path);
        } catch (const util::IoError& e) {
            throw settings::ConfigError(config.source, file.line, file.column, "rules_files",
                                        e.what());
        }
        file.sha256 = util::sha256_hex(file.text);
    }
}

}  // namespace qa::config
