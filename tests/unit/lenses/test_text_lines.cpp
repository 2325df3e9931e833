// lenses/text_lines.cpp: LineCursor gives the lines split_lines() gives, in any order of asking.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "lenses/text_lines.hpp"

using qa::lenses::LineCursor;
using qa::lenses::split_lines;

TEST_CASE("a line cursor numbers lines as split_lines does", "[lenses][text_lines]") {
    for (const std::string text :
         {"", "\n", "a", "a\n", "a\nb", "a\nb\n", "\n\nx\r\n\n", "x\n\n"}) {
        const std::vector<std::string_view> lines = split_lines(text);
        LineCursor cursor(text);
        INFO("text: " << text);
        CHECK_FALSE(cursor.line(0));
        for (std::size_t n = 1; n <= lines.size(); ++n) {
            REQUIRE(cursor.line(n));
            CHECK(*cursor.line(n) == lines[n - 1]);
        }
        CHECK_FALSE(cursor.line(lines.size() + 1));
        CHECK_FALSE(cursor.line(lines.size() + 7));
    }
}

TEST_CASE("a line cursor answers lines asked out of order", "[lenses][text_lines]") {
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        std::string text;
        const int length = static_cast<int>(random() % 60);
        for (int i = 0; i < length; ++i) {
            text.push_back("ab\n\r"[random() % 4]);
        }
        const std::vector<std::string_view> lines = split_lines(text);
        LineCursor cursor(text);
        for (int ask = 0; ask < 40; ++ask) {
            const std::size_t n = random() % (lines.size() + 3);
            const auto line = cursor.line(n);
            INFO("text: " << text << ", line " << n);
            if (n >= 1 && n <= lines.size()) {
                REQUIRE(line);
                CHECK(*line == lines[n - 1]);
            } else {
                CHECK_FALSE(line);
            }
        }
    }
}
