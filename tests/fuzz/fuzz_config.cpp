// The .qa-skill.toml loader: any text is either a configuration or a ConfigError naming the
// place (exit 2), never a crash or another exception (which would be exit 3).
#include <string>
#include <vector>

#include "config/config.hpp"
#include "fuzz/expect.hpp"
#include "plan/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const std::vector<std::string> lens_ids = qa::plan::read_builtin_registry().lens_ids();
    qa::fuzz::expect_only<qa::settings::ConfigError>([&] {
        const auto config =
            qa::config::parse_config(qa::fuzz::as_text(data, size), "fuzz.toml", lens_ids);
        // A configuration that loads also hashes: configHash is computed for every run.
        qa::fuzz::require(qa::config::config_hash(config).size() == 64, "configHash is sha256");
    });
    return 0;
}
