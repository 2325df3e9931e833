#include "config/rules_files.hpp"

#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::config {

void load_rules_files(Config& config, const std::filesystem::path& repo_root) {
    for (auto& file : config.rulesFiles) {
        try {
            file.text = util::read_file(repo_root / file.path);
        } catch (const util::IoError& e) {
            throw ConfigError(config.source, file.line, file.column, "rules_files",
                              "cannot read " + file.path + ": " + e.what());
        }
        file.sha256 = util::sha256_hex(file.text);
    }
}

}  // namespace qa::config
