// spdlog and fmt are compiled into this file alone, header-only: a run without the log loads
// no logging library (the hook's start-up is part of every commit's cost).
#include "log/log.hpp"

#include <spdlog/logger.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include "util/error.hpp"

namespace qa::log {
namespace {

spdlog::level::level_enum spdlog_level(Level level) {
    switch (level) {
        case Level::debug:
            return spdlog::level::debug;
        case Level::info:
            return spdlog::level::info;
        case Level::warn:
            return spdlog::level::warn;
        case Level::off:
            break;
    }
    return spdlog::level::off;
}

}  // namespace

std::optional<Level> parse_level(std::string_view text) {
    if (text == "debug") {
        return Level::debug;
    }
    if (text == "info") {
        return Level::info;
    }
    if (text == "warn") {
        return Level::warn;
    }
    if (text == "off") {
        return Level::off;
    }
    return std::nullopt;
}

Log::Log(Level level, const std::optional<std::filesystem::path>& file) : level_(level) {
    if (level == Level::off) {
        return;
    }
    spdlog::sink_ptr sink;
    if (file) {
        // spdlog would create missing folders; a mistyped path is the user's to correct.
        if (const auto folder = file->parent_path();
            !folder.empty() && !std::filesystem::is_directory(folder)) {
            throw util::InputError("--log-file " + file->string() + ": no folder " +
                                   folder.string());
        }
        try {
            sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(file->string(), false);
        } catch (const spdlog::spdlog_ex& e) {
            throw util::InputError("--log-file " + file->string() + ": " + e.what());
        }
    } else {
        sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    }
    // Not registered with spdlog's process-wide registry: the log is this value's alone.
    logger_ = std::make_shared<spdlog::logger>("qa-skill", std::move(sink));
    logger_->set_pattern("%H:%M:%S.%e qa-skill %l %v");
    logger_->set_level(spdlog_level(level));
    logger_->flush_on(spdlog::level::debug);
}

void Log::write(Level level, std::string_view step, std::string_view message) const {
    if (logger_ && enabled(level)) {
        logger_->log(spdlog_level(level), "{}: {}", step, message);
    }
}

}  // namespace qa::log
