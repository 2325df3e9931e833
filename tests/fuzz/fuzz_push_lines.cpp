// The pre-push hook's stdin: either ref updates of the documented shape or a PushLineError
// naming the line, never a crash.
#include "fuzz/expect.hpp"
#include "git/push_refs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    qa::fuzz::expect_only<qa::git::PushLineError>([&] {
        for (const auto& update : qa::git::parse_push_lines(qa::fuzz::as_text(data, size))) {
            qa::fuzz::require(update.local_sha.size() == 40 && update.remote_sha.size() == 40,
                              "an accepted line has two full shas");
            qa::fuzz::require(update.line_number > 0, "line numbers are 1-based");
        }
    });
    return 0;
}
