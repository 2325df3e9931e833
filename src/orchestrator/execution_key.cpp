#include "orchestrator/execution_key.hpp"

#include "contracts/enums.hpp"
#include "contracts/hashing.hpp"
#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::orchestrator {
namespace {

/// A content id for the staged tree without writing a tree object into the repository: the
/// hash of every changed path with its mode and blob id, on top of HEAD. The canonical JSON of
/// {"base", "files": [{"mode", "oid", "oldPath", "path"}]} is hashed one file at a time, the
/// same bytes as canonical() of the whole document without holding it (50,000 files: 30 MB).
std::string staged_head_id(const git::ChangeSet& changes) {
    util::Sha256 hashed;
    hashed.update(R"({"base":)");
    hashed.update(json::canonical(json::Value(changes.base)));
    hashed.update(R"(,"files":[)");
    for (std::size_t i = 0; i < changes.files.size(); ++i) {
        const auto& f = changes.files[i];
        hashed.update(i == 0 ? "" : ",");
        hashed.update(json::canonical(json::Object{{"path", f.path},
                                                   {"oldPath", f.old_path},
                                                   {"mode", static_cast<std::int64_t>(f.new_mode)},
                                                   {"oid", f.new_oid}}));
    }
    hashed.update("]}");
    return "index:" + hashed.hex_digest();
}

}  // namespace

std::string execution_key(const contracts::SkillInput& input, const git::ChangeSet& changes,
                          const prepare::TreeUnderTest& tree,
                          const std::vector<contracts::LensPlan>& plans) {
    contracts::ExecutionKeyInput k;
    k.repoId = input.repoId;
    k.baseSha = changes.base;
    k.headSha = tree.index()          ? staged_head_id(changes)
                : tree.messages       ? "messages:" + *tree.commit
                : tree.earlierCommits ? "earlier:" + *tree.commit
                                      : *tree.commit;
    for (const auto& p : plans) {
        k.selectedLensVersions.emplace_back(p.subLensId ? p.lensId + "/" + *p.subLensId : p.lensId,
                                            p.lensVersion);
        for (const auto& b : input.providerBindings) {
            if (b.bindingId == p.providerBindingId) {
                k.providerAdapterVersions.emplace_back(
                    std::string(contracts::to_string(b.adapterId)), b.adapterVersion);
            }
        }
    }
    k.runMode = input.runMode;
    k.configHash = input.configHash;
    return contracts::execution_key(k);
}

}  // namespace qa::orchestrator
