#pragma once

#include <string>
#include <string_view>

namespace qa::rules {

/// `toml`, a rules file, with every `[rules.examples]` table blanked out: its lines become empty
/// lines, so every other line keeps its number. A run never reads the examples (the test suite
/// does), and they are half of the security rules' text: parsing them was a tenth of a commit's
/// CPU time. A table runs to the next table header at the start of a line, as in the embedded
/// rules files, where examples are indented; the test suite checks that the files read the same
/// without them.
std::string without_example_tables(std::string_view toml);

}  // namespace qa::rules
