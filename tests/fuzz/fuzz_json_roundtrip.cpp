// JSON reading and the canonical writer every artifact hash depends on: any text either parses
// or is a json::Error; what parses writes canonically, and the canonical form is a fixed point.
#include "fuzz/expect.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    qa::fuzz::expect_only<qa::json::Error>([&] {
        const auto value = qa::json::parse(qa::fuzz::as_text(data, size));
        const std::string once = qa::json::canonical(value);
        const std::string twice = qa::json::canonical(qa::json::parse(once));
        qa::fuzz::require(once == twice, "canonical(parse(canonical(v))) == canonical(v)");
    });
    return 0;
}
