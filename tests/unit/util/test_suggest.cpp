#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "util/suggest.hpp"

using qa::util::closest;
using qa::util::did_you_mean;
using qa::util::edit_distance;

TEST_CASE("edit_distance counts insertions, deletions, substitutions and swaps", "[suggest]") {
    CHECK(edit_distance("enabled", "enabled") == 0);
    CHECK(edit_distance("enabeld", "enabled") == 1);  // two neighbours swapped
    CHECK(edit_distance("requird", "required") == 1);
    CHECK(edit_distance("max_retriez", "max_retries") == 1);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest suggests a near name only", "[suggest]") {
    const std::vector<std::string> keys = {"enabled", "required", "block_at", "options"};
    CHECK(closest("enabeld", keys) == std::optional<std::string>("enabled"));
    CHECK(closest("requried", keys) == std::optional<std::string>("required"));
    CHECK(closest("blockat", keys) == std::optional<std::string>("block_at"));
    CHECK_FALSE(closest("zz_probe", keys));
    CHECK_FALSE(closest("provider", keys));
    CHECK_FALSE(closest("enabled", keys));  // not unknown at all
    // A one-letter name replaced whole is another name.
    const std::vector<std::string> short_names = {"a", "ab"};
    CHECK_FALSE(closest("x", short_names));
    // Of equally close candidates, the first.
    const std::vector<std::string> ties = {"style", "stale"};
    CHECK(closest("stile", ties) == std::optional<std::string>("style"));
    CHECK(did_you_mean("secruity", std::vector<std::string>{"security", "style"}) ==
          " (did you mean `security`?)");
    CHECK(did_you_mean("nothing-like-it", std::vector<std::string>{"security"}).empty());
}
