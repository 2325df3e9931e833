#include "plan/planner.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "contracts/enums.hpp"
#include "json/canonical.hpp"
#include "plan/exclude.hpp"
#include "util/glob.hpp"
#include "util/sha256.hpp"

namespace qa::plan {
namespace {

/// Rule lenses have no model behind them; LensPlan.providerBindingId is not nullable.
constexpr const char* kNoProvider = "none";

bool matches(const Triggers& t, const PlanFile& f) {
    const auto in = [](const std::vector<std::string>& list, const std::string& value) {
        return std::find(list.begin(), list.end(), value) != list.end();
    };
    if (!t.paths.empty() && std::none_of(t.paths.begin(), t.paths.end(), [&](const auto& glob) {
            return util::glob_match(glob, f.path);
        })) {
        return false;
    }
    if (!t.languages.empty() && !in(t.languages, f.fileClass.language)) {
        return false;
    }
    return t.fileKinds.empty() || in(t.fileKinds, std::string(to_string(f.fileClass.kind)));
}

// Which files the hard cap keeps: source first, then tests, config..., then the biggest
// changes, then path. Deterministic, and it keeps what a reviewer would look at first.
int kind_rank(FileKind kind) {
    switch (kind) {
        case FileKind::source:
            return 0;
        case FileKind::test:
            return 1;
        case FileKind::config:
            return 2;
        case FileKind::docs:
            return 3;
        case FileKind::lockfile:
            return 4;
        case FileKind::generated:
            return 5;
        case FileKind::vendored:
            return 6;
        case FileKind::binary:
            return 7;
    }
    return 8;
}

bool rank_before(const PlanFile& a, const PlanFile& b) {
    return std::make_tuple(kind_rank(a.fileClass.kind), -static_cast<long long>(a.changedLines),
                           std::string_view(a.path)) <
           std::make_tuple(kind_rank(b.fileClass.kind), -static_cast<long long>(b.changedLines),
                           std::string_view(b.path));
}

bool by_path(const PlanFile* a, const PlanFile* b) {
    return a->path < b->path;
}

/// A rule lens's scope is cut into contiguous runs of files in path order, of about this many
/// bytes each, so that the worker pool shares one lens's work. The cut depends on the files
/// alone, never on the number of workers or cores: plans are the same everywhere.
constexpr std::size_t kShardBytes = 4 * 1024 * 1024;
/// At most this many shards per sub-lens (more plans would only add overhead).
constexpr std::size_t kMaxShards = 16;

/// The files of one plan, or of each shard of a rule lens's scope (path order throughout).
std::vector<std::vector<const PlanFile*>> shards(const std::vector<const PlanFile*>& files,
                                                 bool bounded) {
    std::size_t total = 0;
    for (const PlanFile* f : files) {
        total += f->fileBytes + f->contextBytes;
    }
    const std::size_t count =
        bounded
            ? 1
            : std::clamp<std::size_t>((total + kShardBytes - 1) / kShardBytes, 1,
                                      std::min(kMaxShards, std::max<std::size_t>(1, files.size())));
    std::vector<std::vector<const PlanFile*>> out(1);
    std::size_t done = 0;
    for (const PlanFile* f : files) {
        // Start the next shard once this one reached its share of the bytes.
        if (!out.back().empty() && out.size() < count && done * count >= total * out.size()) {
            out.emplace_back();
        }
        out.back().push_back(f);
        done += f->fileBytes + f->contextBytes;
    }
    return out;
}

std::string scope_digest(const contracts::LensPlan& plan,
                         const std::vector<const PlanFile*>& files) {
    json::Array changed;
    for (const PlanFile* f : files) {
        changed.push_back(json::Object{{"path", f->path}, {"contentId", f->contentId}});
    }
    const auto strings = [](const std::vector<std::string>& list) {
        return json::Value(json::Array(list.begin(), list.end()));
    };
    const json::Value scope = json::Object{
        {"lensId", plan.lensId},
        {"subLensId", plan.subLensId ? json::Value(*plan.subLensId) : json::Value()},
        {"lensVersion", plan.lensVersion},
        {"changedFiles", std::move(changed)},
        {"fullContextFiles", strings(plan.fullContextFiles)},
        {"omittedFiles", strings(plan.omittedFiles)},
    };
    return util::sha256_hex(json::canonical(scope));
}

}  // namespace

void sort_queue(const Registry& registry, std::vector<contracts::LensPlan>& plans) {
    const auto priority = [&](const contracts::LensPlan& p) {
        const auto it =
            registry.lensClassPriority.find(std::string(contracts::to_string(p.lensClass)));
        return it == registry.lensClassPriority.end() ? INT64_MAX : it->second;
    };
    std::sort(plans.begin(), plans.end(), [&](const auto& a, const auto& b) {
        // std::optional orders nullopt first, which is what "subLensId ASC" means for null.
        return std::make_tuple(!a.required, priority(a), std::cref(a.lensId),
                               std::cref(a.subLensId), std::cref(a.scopeDigest)) <
               std::make_tuple(!b.required, priority(b), std::cref(b.lensId),
                               std::cref(b.subLensId), std::cref(b.scopeDigest));
    });
    for (std::size_t i = 0; i < plans.size(); ++i) {
        plans[i].planOrdinal = static_cast<std::int64_t>(i);
    }
}

PlanOutcome make_plans(const Registry& registry, const input::RunInput& input,
                       std::vector<PlanFile> files,
                       const std::optional<std::vector<std::string>>& requested_lens_ids) {
    PlanOutcome out;
    out.excludedFiles = remove_excluded(ExcludeFilter(input.exclude), files);
    std::sort(files.begin(), files.end(),
              [](const PlanFile& a, const PlanFile& b) { return a.path < b.path; });
    out.changedFiles = files.size();
    for (const auto& f : files) {
        out.changedLines += f.changedLines;
    }
    out.bucket = diff_bucket(out.changedFiles, out.changedLines);

    // Hard cap: keep the best-ranked files within both limits; bounded (model) lenses leave the
    // rest out, and those files are reported (filesOverCap, DIFF_TOO_LARGE), not read.
    std::vector<const PlanFile*> kept;
    {
        std::vector<const PlanFile*> ranked;
        ranked.reserve(files.size());
        for (const auto& f : files) {
            ranked.push_back(&f);
        }
        std::sort(ranked.begin(), ranked.end(),
                  [](const PlanFile* a, const PlanFile* b) { return rank_before(*a, *b); });
        std::size_t lines = 0;
        for (const PlanFile* f : ranked) {
            const bool fits =
                kept.size() < static_cast<std::size_t>(input.maxChangedFiles) &&
                lines + f->changedLines <= static_cast<std::size_t>(input.maxChangedLines);
            if (fits) {
                kept.push_back(f);
                lines += f->changedLines;
            }
        }
        std::sort(kept.begin(), kept.end(), by_path);
    }

    struct Candidate {
        const LensEntry* lens;
        const SubLensEntry* sub;
        const input::LensInput* settings;
    };
    std::vector<Candidate> candidates;
    for (const auto& lens : registry.lenses) {
        const input::LensInput* settings = input.lens(lens.lensId);
        const bool requested =
            !requested_lens_ids || std::find(requested_lens_ids->begin(), requested_lens_ids->end(),
                                             lens.lensId) != requested_lens_ids->end();
        if (settings == nullptr || !settings->enabled || !requested) {
            continue;
        }
        for (const auto& sub : lens.subLenses) {
            // A model sub-lens of a rule lens runs only when the lens names a provider.
            if (sub.model && !settings->provider) {
                continue;
            }
            candidates.push_back({&lens, &sub, settings});
        }
    }

    // Confidence: the share of changed files that at least one selected trigger claims. Files no
    // lens claims are the ones a minimal plan would silently skip, so few claimed -> broad scan.
    std::size_t claimed = 0;
    for (const PlanFile* f : kept) {
        if (std::any_of(candidates.begin(), candidates.end(),
                        [&](const Candidate& c) { return matches(c.sub->triggers, *f); })) {
            ++claimed;
        }
    }
    out.confidence =
        kept.empty() ? 1.0 : static_cast<double>(claimed) / static_cast<double>(kept.size());
    const bool broad = out.confidence < registry.broadScanThreshold;
    if (broad) {
        out.codes.push_back(contracts::ErrorCode::PLAN_CONFIDENCE_LOW_BROAD_SCAN);
    }

    std::set<std::string> left_out;  // over-cap files that some plan leaves out
    for (const auto& c : candidates) {
        // Rule lenses read each file locally, one at a time, and send nothing to a model: neither
        // the hard cap nor the context bound, which bound model packets, leaves files out of them.
        const bool bounded =
            (c.lens->kind != input::LensKind::rule && c.lens->kind != input::LensKind::execution) ||
            c.sub->model;
        // An execution lens checks the whole tree under test: one plan per sub-lens, never cut.
        const bool one_plan = bounded || c.lens->kind == input::LensKind::execution;
        const ExcludeFilter lens_exclude(c.settings->exclude);
        std::vector<const PlanFile*> scope;
        std::vector<std::string> over_cap;
        std::set<std::string> lens_excluded;
        for (const auto& f : files) {
            if (!broad && !matches(c.sub->triggers, f)) {
                continue;
            }
            if (lens_exclude.excluded(f.path)) {
                lens_excluded.insert(f.path);
                continue;
            }
            if (!bounded || std::binary_search(kept.begin(), kept.end(), &f, by_path)) {
                scope.push_back(&f);
            } else {
                over_cap.push_back(f.path);
            }
        }
        if (!lens_excluded.empty()) {
            auto& count = out.excludedByLens[c.lens->lensId];
            count = std::max(count, lens_excluded.size());
        }
        if (scope.empty() && over_cap.empty()) {
            continue;  // minimal set: a lens nothing triggers is not planned
        }

        contracts::LensPlan plan;
        plan.schemaVersion = "lens-plan.v1";
        plan.lensId = c.lens->lensId;
        plan.subLensId = c.sub->subLensId;
        plan.lensVersion = c.lens->lensVersion;
        plan.lensClass = c.lens->lensClass;
        plan.required = c.settings->required_for(c.sub->subLensId);
        plan.blockingPolicy = c.lens->blockingPolicy;
        plan.providerBindingId =
            c.settings->provider ? c.settings->provider->bindingId : kNoProvider;
        plan.permissionProfileId = c.settings->permissionProfile;
        plan.maxInputTokens =
            c.settings->maxInputTokens > 0 ? c.settings->maxInputTokens : c.lens->maxInputTokens;
        plan.maxOutputTokens =
            c.settings->maxOutputTokens > 0 ? c.settings->maxOutputTokens : c.lens->maxOutputTokens;
        plan.maxCostUsd = c.settings->maxCostUsd;
        plan.overflowPolicy = c.settings->overflowPolicy;

        // Context bound: hunks first (full files when the lens asks), biggest changes first; what
        // does not fit is listed in omittedFiles, and the lens result will carry
        // CONTEXT_BOUND_EXCEEDED.
        const bool full = c.lens->fullContext || c.settings->mode == input::LensMode::file ||
                          c.settings->mode == input::LensMode::all;
        std::vector<const PlanFile*> included;
        if (bounded) {
            std::vector<const PlanFile*> by_rank = scope;
            std::sort(by_rank.begin(), by_rank.end(),
                      [](const PlanFile* a, const PlanFile* b) { return rank_before(*a, *b); });
            std::size_t used = 0;
            for (const PlanFile* f : by_rank) {
                // A change whose lines carry no hunk text (all-files: the lines are the blob) is
                // as large as its file.
                const bool no_hunk_text = f->contextBytes == 0 && f->changedLines > 0;
                const std::size_t cost = full || no_hunk_text ? f->fileBytes : f->contextBytes;
                if (used + cost <= static_cast<std::size_t>(input.maxContextBytes)) {
                    used += cost;
                    included.push_back(f);
                } else {
                    plan.omittedFiles.push_back(f->path);
                }
            }
            std::sort(included.begin(), included.end(), by_path);
            plan.omittedFiles.insert(plan.omittedFiles.end(), over_cap.begin(), over_cap.end());
            std::sort(plan.omittedFiles.begin(), plan.omittedFiles.end());
            left_out.insert(over_cap.begin(), over_cap.end());
        } else {
            included = scope;  // already in path order
        }

        for (auto& shard : shards(included, one_plan)) {
            contracts::LensPlan part = plan;
            // Sized up front: a run of every file lists each path in every plan.
            part.changedFiles.reserve(shard.size());
            if (full) {
                part.fullContextFiles.reserve(shard.size());
            }
            for (const PlanFile* f : shard) {
                part.changedFiles.push_back(f->path);
                if (full && f->fileClass.kind != FileKind::binary) {
                    part.fullContextFiles.push_back(f->path);
                }
            }
            part.scopeDigest = scope_digest(part, shard);
            out.plans.push_back(std::move(part));
        }
    }
    if (!left_out.empty()) {
        out.filesOverCap.assign(left_out.begin(), left_out.end());
        out.codes.insert(out.codes.begin(), contracts::ErrorCode::DIFF_TOO_LARGE);
    }
    sort_queue(registry, out.plans);
    return out;
}

}  // namespace qa::plan
