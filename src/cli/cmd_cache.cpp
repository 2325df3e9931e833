// `qa-skill cache stats|prune|verify|push`: the model lenses' answer cache of this repository
// (under the artifact root) and the team stores its configuration names (doc/team-cache.md).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "artifacts/root.hpp"
#include "cache/remote/record.hpp"
#include "cache/remote/spec.hpp"
#include "cache/stats.hpp"
#include "cache/store.hpp"
#include "cli/commands.hpp"
#include "config/config.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "lenses/model/answer_cache.hpp"
#include "lenses/model/team_cache.hpp"
#include "plan/registry.hpp"
#include "prepare/run_environment.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {
namespace {

constexpr const char* kUsage =
    "usage: qa-skill cache stats\n"
    "       qa-skill cache prune\n"
    "       qa-skill cache verify\n"
    "       qa-skill cache push\n"
    "\n"
    "stats   entries, sizes and hit rates of the local cache and of each team store\n"
    "prune   delete expired and unreadable local entries\n"
    "verify  check every local entry (and every record of a store that can list them) as a\n"
    "        read would; exit 1 when one is bad\n"
    "push    upload the live local entries a writable team store lacks (seeds it from CI);\n"
    "        exit 1 when a store fails, 2 when there is no store to push to\n";

/// A subcommand takes no operands and no options but --help; true when help was printed.
bool help_only(const char* name, const char* what, const std::vector<std::string>& args) {
    const std::string program = std::string("qa-skill cache ") + name;
    const auto parsed = util::parse_args(program, std::span<const util::OptionSpec>{}, args);
    if (parsed.help) {
        std::printf("usage: %s\n\n%s\n\noptions:\n  --help                    print this help\n",
                    program.c_str(), what);
        return true;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError(std::string("cache ") + name + " takes no arguments");
    }
    return false;
}

/// The repository's cache: its local store, the team stores of its configuration (with the
/// user's file laid over it) and the check of a stored answer.
struct Setup {
    json::SchemaValidator findings = json::SchemaValidator::embedded("model-findings.v1");
    std::filesystem::path directory;
    cache::TieredOptions options;
    std::vector<std::unique_ptr<cache::remote::Backend>> backends;
};

std::unique_ptr<Setup> setup() {
    const git::LibGit2 lib;
    const auto repo = [&] {
        try {
            return git::Repository::open(lib, ".", git::GitEnv::from_process());
        } catch (const git::GitError&) {
            throw util::UsageError("not in a git repository");
        }
    }();
    const auto config = config::load_config(repo.root(), plan::read_builtin_registry().lens_ids());
    auto s = std::make_unique<Setup>();
    s->directory =
        artifacts::resolve_root(repo, config.artifactRoot, config.source) / "cache" / "model";
    // The stores' secrets read here, once, as a run's prepare reads them.
    s->options = prepare::read_team_cache(config::with_user_cache(config.cache));
    lenses::model::accept_sound_answers(s->options, s->findings);
    for (const auto& spec : s->options.remotes) {
        s->backends.push_back(cache::remote::make_backend(spec, s->options.remote));
    }
    return s;
}

std::string percent(std::int64_t part, std::int64_t whole) {
    if (whole == 0) {
        return "-";
    }
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.1f%%",
                  100.0 * static_cast<double>(part) / static_cast<double>(whole));
    return buffer;
}

int stats(const std::vector<std::string>& args) {
    if (help_only("stats",
                  "Entries, sizes and hit rates of the local cache and of each team store.",
                  args)) {
        return util::kExitPass;
    }
    const auto s = setup();
    const cache::Store store(s->directory);
    const auto now = cache::now_seconds();
    std::int64_t live = 0, expired = 0, bad = 0;
    std::uintmax_t bytes = 0;
    for (const auto& f : store.files()) {
        bytes += f.bytes;
        if (!f.entry) {
            ++bad;
        } else if (now >= f.entry->expires_at) {
            ++expired;
        } else {
            ++live;
        }
    }
    const cache::Counters c = cache::read_counters(s->directory);
    const std::int64_t lookups = c.localHits + c.remoteHits + c.misses;
    std::printf("local cache %s\n", s->directory.c_str());
    std::printf("  entries %lld live, %lld expired, %lld unreadable; %ju bytes\n",
                static_cast<long long>(live), static_cast<long long>(expired),
                static_cast<long long>(bad), bytes);
    std::printf("  lookups %lld: local hits %lld (%s), team hits %lld (%s), misses %lld (%s)\n",
                static_cast<long long>(lookups), static_cast<long long>(c.localHits),
                percent(c.localHits, lookups).c_str(), static_cast<long long>(c.remoteHits),
                percent(c.remoteHits, lookups).c_str(), static_cast<long long>(c.misses),
                percent(c.misses, lookups).c_str());
    std::printf("  team records rejected %lld, store failures %lld, team writes %lld\n",
                static_cast<long long>(c.rejected), static_cast<long long>(c.remoteErrors),
                static_cast<long long>(c.remoteWrites));
    for (std::size_t i = 0; i < s->backends.size(); ++i) {
        auto& b = *s->backends[i];
        const auto usage = b.usage();
        std::printf("team store %s (%s)\n", b.name().c_str(),
                    s->options.remotes[i].readOnly ? "read-only" : "read-write");
        if (usage.entries) {
            std::printf("  entries %lld; %lld bytes\n", static_cast<long long>(*usage.entries),
                        static_cast<long long>(usage.bytes.value_or(0)));
        }
        if (!usage.note.empty()) {
            std::printf("  %s\n", usage.note.c_str());
        }
    }
    return util::kExitPass;
}

int prune(const std::vector<std::string>& args) {
    if (help_only("prune", "Deletes the expired and unreadable entries of the local cache.",
                  args)) {
        return util::kExitPass;
    }
    const auto s = setup();
    cache::Store store(s->directory);
    const auto now = cache::now_seconds();
    std::int64_t expired = 0, bad = 0;
    for (const auto& f : store.files()) {
        std::error_code ec;
        if (!f.entry) {
            bad += std::filesystem::remove(f.path, ec) ? 1 : 0;
        } else if (now >= f.entry->expires_at) {
            expired += std::filesystem::remove(f.path, ec) ? 1 : 0;
        }
    }
    std::printf("local cache: deleted %lld expired and %lld unreadable entries\n",
                static_cast<long long>(expired), static_cast<long long>(bad));
    for (const auto& b : s->backends) {
        std::printf(
            "team store %s: not pruned here (Redis expires records itself; an HTTP "
            "store's lifecycle rules remove old objects)\n",
            b->name().c_str());
    }
    return util::kExitPass;
}

int verify(const std::vector<std::string>& args) {
    if (help_only("verify",
                  "Checks every local entry, and every record of a team store that can list them, "
                  "as a read would.",
                  args)) {
        return util::kExitPass;
    }
    const auto s = setup();
    const cache::Store store(s->directory);
    const auto now = cache::now_seconds();
    std::int64_t good = 0, bad = 0;
    for (const auto& f : store.files()) {
        const bool ok = f.entry && lenses::model::answer_is_sound(f.entry->body, s->findings);
        if (!ok) {
            std::printf("bad local entry %s\n", f.path.filename().c_str());
        }
        (ok ? good : bad) += 1;
    }
    std::printf("local cache: %lld sound, %lld bad\n", static_cast<long long>(good),
                static_cast<long long>(bad));
    std::int64_t bad_remote = 0;
    for (const auto& b : s->backends) {
        const auto listed = b->list();
        if (!listed) {
            std::printf("team store %s: cannot be listed; not verified\n", b->name().c_str());
            continue;
        }
        std::int64_t ok_here = 0, bad_here = 0;
        for (const auto& l : *listed) {
            const auto opened = cache::remote::open(l.bytes, l.key, s->options.hmacKey, now);
            const bool ok =
                opened.entry && lenses::model::answer_is_sound(opened.entry->body, s->findings);
            if (!ok) {
                std::printf("bad team record %s: %s\n", l.key.text().c_str(),
                            opened.entry ? "unsound answer"
                                         : std::string(to_string(opened.rejection)).c_str());
            }
            (ok ? ok_here : bad_here) += 1;
        }
        bad_remote += bad_here;
        std::printf("team store %s: %lld sound, %lld bad\n", b->name().c_str(),
                    static_cast<long long>(ok_here), static_cast<long long>(bad_here));
    }
    return bad + bad_remote == 0 ? util::kExitPass : util::kExitFail;
}

int push(const std::vector<std::string>& args) {
    if (help_only("push", "Uploads the live local entries a writable team store lacks.", args)) {
        return util::kExitPass;
    }
    const auto s = setup();
    if (s->backends.empty()) {
        // A CI job that seeds the team cache must not pass having seeded nothing.
        std::fputs(
            "qa-skill: cache push: no team store to push to ([cache] remote is empty, or "
            "the team cache is off)\n",
            stderr);
        return util::kExitUsage;
    }
    const cache::Store store(s->directory);
    const auto now = cache::now_seconds();
    int exit = util::kExitPass;
    for (std::size_t i = 0; i < s->backends.size(); ++i) {
        auto& b = *s->backends[i];
        if (s->options.remotes[i].readOnly) {
            std::printf("team store %s: read-only here; nothing pushed\n", b.name().c_str());
            continue;
        }
        std::int64_t pushed = 0, present = 0, skipped = 0;
        std::string failure;
        for (const auto& f : store.files()) {
            if (!f.entry || now >= f.entry->expires_at ||
                !lenses::model::answer_is_sound(f.entry->body, s->findings)) {
                ++skipped;
                continue;
            }
            const auto there = b.exists(f.entry->key);
            if (there.ok()) {
                ++present;
                continue;
            }
            if (there.status != cache::remote::Status::absent) {
                failure = there.error;
                break;
            }
            const auto ttl =
                std::chrono::duration_cast<std::chrono::seconds>(f.entry->expires_at - now);
            const auto done = b.put(
                f.entry->key, cache::remote::seal(render_entry(*f.entry), s->options.hmacKey), ttl);
            if (!done.ok()) {
                failure = done.error;
                break;
            }
            ++pushed;
        }
        std::printf("team store %s: %lld pushed, %lld already there, %lld not pushable\n",
                    b.name().c_str(), static_cast<long long>(pushed),
                    static_cast<long long>(present), static_cast<long long>(skipped));
        if (!failure.empty()) {
            std::fprintf(stderr, "qa-skill: team store %s: %s\n", b.name().c_str(),
                         failure.c_str());
            exit = util::kExitFail;
        }
    }
    return exit;
}

}  // namespace

int run_cache(const std::vector<std::string>& args) {
    return run_subcommand("cache", kUsage,
                          {{"stats", stats}, {"prune", prune}, {"verify", verify}, {"push", push}},
                          args);
}

}  // namespace qa::cli
