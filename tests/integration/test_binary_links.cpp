// What the binaries load at start: every commit pays for each shared library the hook names in
// its dynamic section. libcurl (and the ~25 libraries it brings) is loaded only when a model lens
// calls a provider (providers/curl_library), and yaml-cpp only by `qa-skill skill` commands, so
// neither may appear here. Read with `readelf -d`, the binutils tool the build already needs.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "support/hook_fixture.hpp"

namespace {

/// The DT_NEEDED entries of `binary`, e.g. "libgit2.so.1.5".
std::set<std::string> needed_libraries(const std::string& binary) {
    const auto r = qa::test::run_sh("readelf -d " + qa::test::shell_quote(binary));
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);  // no readelf is a failure, never a skip
    std::set<std::string> names;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.find("(NEEDED)") == std::string::npos) {
            continue;
        }
        const auto open = line.find('[');
        const auto close = line.find(']', open);
        REQUIRE(open != std::string::npos);
        REQUIRE(close != std::string::npos);
        names.insert(line.substr(open + 1, close - open - 1));
    }
    return names;
}

bool names_library(const std::set<std::string>& names, const std::string& stem) {
    for (const auto& n : names) {
        if (n.starts_with(stem + ".so")) {
            return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("qa-skill-hook names no libcurl and no yaml-cpp in its dynamic section",
          "[startup][integration]") {
    const auto names = needed_libraries(QA_SKILL_HOOK_BIN);
    INFO("NEEDED: " << Catch::Detail::stringify(names));
    // The reading works: the libraries a commit does use are there.
    CHECK(names_library(names, "libgit2"));
    CHECK(names_library(names, "libc"));
    CHECK_FALSE(names_library(names, "libcurl"));
    CHECK_FALSE(names_library(names, "libyaml-cpp"));
    CHECK_FALSE(names_library(names, "libssl"));
    CHECK_FALSE(names_library(names, "libhiredis"));  // loaded for a redis:// team store only
}

TEST_CASE("qa-skill names no libcurl either: it loads it for a provider call",
          "[startup][integration]") {
    const auto names = needed_libraries(QA_SKILL_BIN);
    INFO("NEEDED: " << Catch::Detail::stringify(names));
    CHECK(names_library(names, "libgit2"));
    CHECK(names_library(names, "libyaml-cpp"));  // skill validation reads YAML
    CHECK_FALSE(names_library(names, "libcurl"));
    CHECK_FALSE(names_library(names, "libhiredis"));
}
