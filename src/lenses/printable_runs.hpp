#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qa::lenses {

/// The printable text of binary content (git calls a file with a NUL byte in its first 8000
/// bytes binary): every run of at least kMinPrintableRun printable bytes (ASCII 0x20-0x7e, tab,
/// and bytes of 0x80 and above, so UTF-8 text stays whole), one run per line of `buffer`, with
/// `lineNumbers[i]` the file line (counted by '\n') where run i starts. A stray NUL byte must
/// not hide a credential from the rules that look for one.
struct PrintableRuns {
    std::string buffer;
    std::vector<std::uint32_t> lineNumbers;
};

inline constexpr std::size_t kMinPrintableRun = 6;

PrintableRuns printable_runs(std::string_view content);

}  // namespace qa::lenses
