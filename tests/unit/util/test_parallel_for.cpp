#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "util/parallel_for.hpp"

TEST_CASE("parallel_for runs every index once, on any number of threads", "[util]") {
    for (const std::size_t threads :
         {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
        INFO(threads);
        std::vector<std::atomic<int>> seen(1000);
        qa::util::parallel_for(seen.size(), threads, [&](std::size_t i) { ++seen[i]; });
        for (const auto& s : seen) {
            REQUIRE(s.load() == 1);
        }
    }
    qa::util::parallel_for(0, 4, [](std::size_t) { FAIL("called for an empty range"); });
}

TEST_CASE("parallel_for rethrows the lowest index's exception after running all", "[util]") {
    for (const std::size_t threads : {std::size_t{1}, std::size_t{4}}) {
        INFO(threads);
        std::atomic<int> ran{0};
        try {
            qa::util::parallel_for(200, threads, [&](std::size_t i) {
                ++ran;
                if (i == 150 || i == 37 || i == 199) {
                    throw std::runtime_error("index " + std::to_string(i));
                }
            });
            FAIL("no exception");
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()) == "index 37");
        }
        CHECK(ran.load() == 200);
    }
}
