// A cache entry file may be truncated, edited or foreign: parsing never throws, and an entry that
// parses renders back to exactly the bytes it came from.
#include "cache/entry.hpp"
#include "fuzz/expect.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    const auto text = qa::fuzz::as_text(data, size);
    qa::fuzz::expect_only<>([&] {
        const auto entry = qa::cache::parse_entry(text);
        if (entry) {
            qa::fuzz::require(qa::cache::render_entry(*entry) == text, "render(parse(x)) == x");
        }
    });
    return 0;
}
