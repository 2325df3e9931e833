// A committed baseline file: either a baseline or a BaselineError naming the file and the JSON
// pointer (exit 2). A baseline that loads renders to text that loads to the same baseline.
#include "baseline/baseline.hpp"
#include "fuzz/expect.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    qa::fuzz::expect_only<qa::baseline::BaselineError>([&] {
        const auto baseline =
            qa::baseline::Baseline::parse(qa::fuzz::as_text(data, size), "fuzz-baseline.json");
        const auto again = qa::baseline::Baseline::parse(baseline.render(), "rendered");
        qa::fuzz::require(again.entries() == baseline.entries(), "render/parse round trip");
        qa::fuzz::require(again.digest() == baseline.digest(), "digest survives a round trip");
    });
    return 0;
}
