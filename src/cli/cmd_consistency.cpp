// `qa-skill consistency-init` and `consistency-approve`: the consistency lens's onboarding. A
// draft rubric is measured from the tree at a revision and written among the local artifacts; a
// person reviews it and approves a version, which freezes it into a committed file that the
// configuration names (`[lenses.consistency] rubric_version`).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "artifacts/root.hpp"
#include "artifacts/writer.hpp"
#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/repo_file.hpp"
#include "config/rubric_file.hpp"
#include "consistency/draft.hpp"
#include "consistency/tree.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "json/canonical.hpp"
#include "lenses/model/secret_lines.hpp"
#include "plan/registry.hpp"
#include "rubric/document.hpp"
#include "rubric/store.hpp"
#include "util/args.hpp"
#include "util/embedded_files.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

/// The prompt template a draft embeds for its guidance rules.
constexpr const char* kPromptTemplate = "lenses/consistency/rubric.prompt.v1.md";

const util::OptionSpec kInitOptions[] = {
    {"rev", "the revision whose tree is measured (default HEAD)", "REV"},
    {"format", "text (default) or json: {\"version\", \"path\", \"rubricHash\"}", "text|json"},
};

const util::OptionSpec kApproveOptions[] = {
    {"format",
     "text (default) or json: {\"rubricVersion\", \"rubricHash\", "
     "\"promptTemplateHash\", \"path\"}",
     "text|json"},
};

bool json_format(const util::ParsedArgs& args) {
    const std::string format = args.value("format").value_or("text");
    if (format != "text" && format != "json") {
        throw util::UsageError("--format must be text or json, not \"" + format + "\"");
    }
    return format == "json";
}

git::Repository open_here(const git::LibGit2& lib) {
    try {
        return git::Repository::open(lib, ".", git::GitEnv::from_process());
    } catch (const git::GitError& e) {
        throw util::UsageError(std::string("not in a git repository: ") + e.what());
    }
}

/// The rubric folders of the working tree's configuration: the committed one it names (checked
/// like every file a configuration names) and the drafts' among the artifacts.
rubric::Places places_of(const git::Repository& repo, const config::Config& config) {
    const auto lens = config.lenses.find("consistency");
    const std::string dir = lens != config.lenses.end()
                                ? lens->second.rubricDir
                                : std::string(settings::defaults::kRubricDir);
    rubric::Places places;
    places.frozenDir = config::resolve_repo_file(
        repo.root(), dir, {config.source, 0, 0, "lenses.consistency.rubric_dir"});
    const fs::path artifacts = artifacts::resolve_root(repo, config.artifactRoot, config.source);
    places.draftDir = artifacts / "rubric";
    return places;
}

/// `path` relative to the repository root when it is inside it: what the user types next.
std::string shown(const git::Repository& repo, const fs::path& path) {
    const fs::path rel = path.lexically_relative(repo.root());
    return rel.empty() || rel.string().starts_with("..") ? path.string() : rel.string();
}

int run_init(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill consistency-init", kInitOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill consistency-init [--rev REV] [--format text|json]",
                                    kInitOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("unexpected argument \"" + parsed.positional[0] + "\"");
    }
    const bool as_json = json_format(parsed);
    const git::LibGit2 lib;
    const auto repo = open_here(lib);
    const auto config = config::load_config(repo.root(), plan::read_builtin_registry().lens_ids());
    const consistency::Tree tree =
        consistency::read_tree(repo, parsed.value("rev").value_or("HEAD"));
    const auto prompt = util::find_embedded(kPromptTemplate);
    if (!prompt) {
        throw std::logic_error(std::string(kPromptTemplate) + " is not embedded");
    }
    // A file a credential rule matches never becomes an exemplar: its text would be committed.
    const lenses::model::SecretLines secrets;
    const consistency::CredentialTest has_credential = [&secrets](const consistency::TreeFile& f) {
        std::vector<std::uint32_t> numbers;
        std::uint32_t n = 0;
        for (std::size_t at = 0; at <= f.text.size();) {
            numbers.push_back(++n);
            const auto nl = f.text.find('\n', at);
            if (nl == std::string::npos) {
                break;
            }
            at = nl + 1;
        }
        return !secrets.find(f.path, f.language, f.text, numbers).empty();
    };
    const rubric::Places places = places_of(repo, config);
    fs::create_directories(places.draftDir.parent_path());
    artifacts::ignore_root(places.draftDir.parent_path());
    const auto written = rubric::write_draft(places, [&](std::int64_t version) {
        return consistency::build_draft(tree, version, *prompt, has_credential);
    });
    if (as_json) {
        std::printf("%s\n", json::canonical(json::Object{{"version", written.version},
                                                         {"path", shown(repo, written.path)},
                                                         {"rubricHash", written.rubricHash}})
                                .c_str());
        return util::kExitPass;
    }
    const auto draft = rubric::parse(util::read_file(written.path), written.path.string(),
                                     rubric::Integrity::verify);
    std::printf("qa-skill: draft rubric version %lld %s %s (rubricHash %s), from %s\n",
                static_cast<long long>(written.version),
                written.unchanged ? "is unchanged at" : "written to",
                shown(repo, written.path).c_str(), written.rubricHash.c_str(),
                tree.revision.c_str());
    for (const auto& r : draft.rules) {
        std::printf("  %-8s %s%s\n    %s\n    evidence: %s\n",
                    std::string(contracts::to_string(r.severity)).c_str(), r.ruleId.c_str(),
                    (r.check ? " (check: " + std::string(rubric::to_string(r.check->kind)) + ")"
                             : std::string(" (guidance)"))
                        .c_str(),
                    r.summary.c_str(), r.evidence.text.c_str());
    }
    for (const auto& e : draft.exemplars) {
        std::printf("  exemplar %s\n", e.path.c_str());
    }
    std::printf(
        "A draft is not enforced. Review (or edit) it, then freeze it with\n"
        "  qa-skill consistency-approve %lld\n",
        static_cast<long long>(written.version));
    return util::kExitPass;
}

int run_approve(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill consistency-approve", kApproveOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill consistency-approve <version> [--format text|json]",
                                    kApproveOptions)
                       .c_str(),
                   stdout);
        return util::kExitPass;
    }
    if (parsed.positional.size() != 1) {
        throw util::UsageError(
            "consistency-approve takes one version (as consistency-init printed it)");
    }
    const std::string& text = parsed.positional[0];
    std::int64_t version = 0;
    try {
        std::size_t used = 0;
        version = std::stoll(text, &used);
        if (used != text.size() || version < 1) {
            throw std::invalid_argument(text);
        }
    } catch (const std::exception&) {
        throw util::UsageError("the version must be a positive integer, not \"" + text + "\"");
    }
    const bool as_json = json_format(parsed);
    const git::LibGit2 lib;
    const auto repo = open_here(lib);
    const auto config = config::load_config(repo.root(), plan::read_builtin_registry().lens_ids());
    const auto written = rubric::approve(places_of(repo, config), version);
    const auto frozen = rubric::parse(util::read_file(written.path), written.path.string(),
                                      rubric::Integrity::verify);
    if (as_json) {
        std::printf("%s\n",
                    json::canonical(json::Object{{"rubricVersion", version},
                                                 {"rubricHash", written.rubricHash},
                                                 {"promptTemplateHash", frozen.promptTemplateHash},
                                                 {"path", shown(repo, written.path)}})
                        .c_str());
        return util::kExitPass;
    }
    std::printf(
        "qa-skill: rubric version %lld frozen in %s\n  rubricHash %s\n  promptTemplateHash %s\n"
        "Commit it and enforce it with\n  [lenses.consistency]\n  enabled = true\n"
        "  rubric_version = %lld\n",
        static_cast<long long>(version), shown(repo, written.path).c_str(),
        written.rubricHash.c_str(), frozen.promptTemplateHash.c_str(),
        static_cast<long long>(version));
    return util::kExitPass;
}

}  // namespace

int run_consistency_init(const std::vector<std::string>& args) {
    return run_init(args);
}

int run_consistency_approve(const std::vector<std::string>& args) {
    return run_approve(args);
}

}  // namespace qa::cli
