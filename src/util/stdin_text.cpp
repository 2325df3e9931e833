#include "util/stdin_text.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/error.hpp"
#include "util/file.hpp"

namespace qa::util {

std::string read_stdin(std::size_t max_bytes, std::string_view what) {
    std::string input;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n == 0) {
            return input;
        }
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw IoError(std::string("stdin: read failed: ") + std::strerror(errno));
        }
        input.append(buffer, static_cast<std::size_t>(n));
        if (input.size() > max_bytes) {
            throw InputError("more than " + std::to_string(max_bytes / (1024 * 1024)) +
                             " MiB on stdin: not " + std::string(what));
        }
    }
}

}  // namespace qa::util
