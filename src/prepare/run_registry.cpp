#include "prepare/run_registry.hpp"

namespace qa::prepare {

plan::Registry run_registry(const plan::Registry& builtin, const config::Config& config) {
    plan::Registry out = builtin;
    for (const auto& [id, settings] : config.lenses) {  // std::map: id order, deterministic
        if (!settings.external) {
            continue;
        }
        plan::LensEntry entry;
        entry.lensId = id;
        entry.lensClass = settings.external->lensClass;
        entry.lensVersion = settings.external->version;
        entry.kind = input::LensKind::external;
        entry.description = "External lens (" + settings.external->command.front() + ")";
        entry.blockingPolicy = contracts::BlockingPolicy::rule_defined;
        plan::SubLensEntry sub;
        sub.triggers.paths = settings.external->paths;
        // Every kind the classifier knows except binary: the protocol sends text.
        sub.triggers.fileKinds = {"source",    "test",     "config",  "docs",
                                  "generated", "vendored", "lockfile"};
        entry.subLenses.push_back(std::move(sub));
        out.lenses.push_back(std::move(entry));
    }
    return out;
}

}  // namespace qa::prepare
