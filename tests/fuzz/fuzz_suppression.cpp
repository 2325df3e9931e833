// Inline suppression directives are read from every scanned line of every file, so any bytes
// must be handled. Input: rule id, NUL, line, NUL, previous line.
#include <string_view>

#include "fuzz/expect.hpp"
#include "rules/suppression.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    std::string_view rest = qa::fuzz::as_text(data, size);
    const auto next = [&rest] {
        const std::size_t nul = rest.find('\0');
        const std::string_view part = rest.substr(0, nul);
        rest = nul == std::string_view::npos ? std::string_view{} : rest.substr(nul + 1);
        return part;
    };
    const std::string_view rule_id = next();
    const std::string_view line = next();
    const std::string_view previous = next();
    const bool on_line = qa::rules::suppressed(line, previous, rule_id);
    // A directive needs a reason and a rule id: without the directive text nothing is allowed.
    if (line.find(qa::rules::kAllowDirective) == std::string_view::npos &&
        previous.find(qa::rules::kAllowDirective) == std::string_view::npos) {
        qa::fuzz::require(!on_line, "no directive, no suppression");
    }
    return 0;
}
