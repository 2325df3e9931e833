#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace spdlog {
class logger;
}

namespace qa::log {

/// How much the troubleshooting log says: `warn` what went wrong but did not stop the run,
/// `info` what was decided (configuration, trees, plans, the verdict), `debug` everything
/// besides (timings per step, each provider call, each command line, cache hits).
enum class Level { off, warn, info, debug };

/// Reads `debug`, `info`, `warn` or `off`; nullopt for anything else.
std::optional<Level> parse_level(std::string_view text);

/// The troubleshooting log, written through spdlog to stderr or a file. Off by default: then it
/// holds no logger, and a call costs one comparison (the message is built only when it will be
/// written, see debug()). Never give it a request body, a key or a secret: what it writes is
/// meant to be pasted into a bug report.
class Log {
  public:
    Log() = default;
    /// A log at `level` to `file` (appended) or, without one, stderr. Throws util::InputError
    /// naming the file when it cannot be opened.
    Log(Level level, const std::optional<std::filesystem::path>& file);

    bool enabled(Level level) const { return level != Level::off && level <= level_; }

    /// One line: `<time> <level> <step>: <message>`. Safe from several threads.
    void write(Level level, std::string_view step, std::string_view message) const;

    /// write() with a message built by `make` only when `level` is on.
    template <class Make>
    void at(Level level, std::string_view step, Make&& make) const {
        if (enabled(level)) {
            write(level, step, make());
        }
    }
    template <class Make>
    void debug(std::string_view step, Make&& make) const {
        at(Level::debug, step, std::forward<Make>(make));
    }
    template <class Make>
    void info(std::string_view step, Make&& make) const {
        at(Level::info, step, std::forward<Make>(make));
    }
    template <class Make>
    void warn(std::string_view step, Make&& make) const {
        at(Level::warn, step, std::forward<Make>(make));
    }

  private:
    Level level_ = Level::off;
    std::shared_ptr<spdlog::logger> logger_;
};

}  // namespace qa::log
