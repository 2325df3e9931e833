#include "contracts/hashing.hpp"

#include <map>
#include <stdexcept>

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::contracts {
namespace {

/// The pairs as a JSON object; a repeated id must repeat its version.
json::Value version_map(const std::vector<std::pair<std::string, std::string>>& pairs,
                        const char* what) {
    std::map<std::string, std::string> merged;
    for (const auto& [id, version] : pairs) {
        const auto [it, inserted] = merged.emplace(id, version);
        if (!inserted && it->second != version) {
            throw std::invalid_argument(std::string("execution key: ") + what + " \"" + id +
                                        "\" has two versions: \"" + it->second + "\" and \"" +
                                        version + "\"");
        }
    }
    json::Object out;
    for (const auto& [id, version] : merged) {
        out.emplace_back(id, version);
    }
    return out;
}

}  // namespace

std::string normalized_input_hash(const SkillInput& input) {
    return util::sha256_hex(json::canonical(to_json(input)));
}

std::string execution_key(const ExecutionKeyInput& input) {
    const json::Value key = json::Object{
        {"repoId", input.repoId},
        {"baseSha", input.baseSha},
        {"headSha", input.headSha},
        {"selectedLensVersions", version_map(input.selectedLensVersions, "lens")},
        {"providerAdapterVersions", version_map(input.providerAdapterVersions, "adapter")},
        {"runMode", to_string(input.runMode)},
        {"configHash", input.configHash},
    };
    return util::sha256_hex(json::canonical(key));
}

}  // namespace qa::contracts
