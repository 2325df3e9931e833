#include "lenses/printable_runs.hpp"

namespace qa::lenses {
namespace {

bool printable(unsigned char c) {
    return (c >= 0x20 && c != 0x7f) || c == '\t';
}

}  // namespace

PrintableRuns printable_runs(std::string_view content) {
    PrintableRuns out;
    std::uint32_t line = 1;
    std::size_t i = 0;
    while (i < content.size()) {
        if (!printable(static_cast<unsigned char>(content[i]))) {
            if (content[i] == '\n') {
                ++line;
            }
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < content.size() && printable(static_cast<unsigned char>(content[i]))) {
            ++i;
        }
        if (i - start >= kMinPrintableRun) {
            out.buffer.append(content.substr(start, i - start)).push_back('\n');
            out.lineNumbers.push_back(line);
        }
    }
    return out;
}

}  // namespace qa::lenses
