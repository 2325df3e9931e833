// Issue 21: prepare is the only step of a run that reads the process environment. What a run
// depends on is read once, before any lens runs, and handed on as values: the variables the
// configuration names by prepare (prepare/run_environment.cpp), the rest by the binaries
// when they build the request (the `from_process()` constructors). A getenv anywhere else is a
// read in the middle of a run, which neither its artifacts nor a replay can account for.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "util/file.hpp"

namespace fs = std::filesystem;

namespace {

/// The files of src/ that may read the environment, and why. cli/ (the commands, which build
/// the request before the run starts) may as a whole.
const std::map<std::string, std::string> kAllowed = {
    {"prepare/run_environment.cpp",
     "prepare: the variables the configuration names (API keys, team cache secrets)"},
    {"git/repository.cpp", "GitEnv::from_process, put in the request by the binaries"},
    {"exec/trust.cpp", "TrustEnv::from_process, put in the request by the binaries"},
    {"exec/runner.cpp", "RunnerEnv::from_process, a copy put in the request by the binaries"},
    {"report/output_options.cpp", "log level and file, read by the binaries before the run"},
    {"report/colour.cpp", "NO_COLOR, FORCE_COLOR, TERM: decided by the binaries before the run"},
    {"config/cache_reader.cpp",
     "the user's own config file (XDG_CONFIG_HOME, HOME); config/ is read only by prepare and "
     "the commands (test_prepare_boundary.cpp)"},
    {"util/process.cpp",
     "environ handed unread to a child whose spawn names no environment of its own"},
};

bool identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/// Whether `text` holds `word` with no identifier character on either side.
bool has_word(std::string_view text, std::string_view word) {
    for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const auto end = at + word.size();
        if ((at == 0 || !identifier_char(text[at - 1])) &&
            (end == text.size() || !identifier_char(text[end]))) {
            return true;
        }
    }
    return false;
}

/// Whether `text` reads the process environment: getenv (secure_getenv too) or environ.
bool reads_environment(std::string_view text) {
    return has_word(text, "getenv") || has_word(text, "secure_getenv") || has_word(text, "environ");
}

}  // namespace

TEST_CASE("the environment-read check sees each way of reading it", "[prepare]") {
    CHECK(reads_environment("const char* v = std::getenv(\"HOME\");"));
    CHECK(reads_environment("const char* v = secure_getenv(name);"));
    CHECK(reads_environment("for (char** e = environ; *e; ++e) {"));
    CHECK_FALSE(reads_environment("#include \"prepare/run_environment.hpp\""));
    CHECK_FALSE(reads_environment("// the run's environment, read by prepare"));
}

TEST_CASE("only the commands, the request's from_process() and prepare read the environment",
          "[prepare]") {
    const fs::path src = fs::path(QA_SOURCE_DIR) / "src";
    std::vector<std::string> outside;
    std::map<std::string, bool> allowed_seen;
    for (const auto& entry : fs::recursive_directory_iterator(src)) {
        if (!entry.is_regular_file()) {
            continue;
        }
        const std::string rel = fs::relative(entry.path(), src).generic_string();
        if (!reads_environment(qa::util::read_file(entry.path())) || rel.starts_with("cli/")) {
            continue;
        }
        if (kAllowed.count(rel) != 0) {
            allowed_seen[rel] = true;
            continue;
        }
        outside.push_back(rel);
    }
    INFO(
        "these files read the environment during a run: read it in prepare "
        "(prepare/run_environment.hpp) or in a from_process() and hand on the value");
    CAPTURE(outside);
    CHECK(outside.empty());
    // An entry that no longer reads the environment (moved, renamed) is a hole: remove it.
    for (const auto& [file, why] : kAllowed) {
        CAPTURE(file, why);
        CHECK(allowed_seen.count(file) != 0);
    }
}
