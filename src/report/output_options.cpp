#include "report/output_options.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>

#include "report/colour.hpp"

namespace qa::report {

TerminalStyle style_from(const util::ParsedArgs& args, int fd, std::string action) {
    const auto choice = parse_colour_choice(args.value("color").value_or("auto"));
    if (!choice) {
        throw util::UsageError("--color must be always, never or auto, not \"" +
                               *args.value("color") + "\"");
    }
    if (args.flag("quiet") && args.flag("verbose")) {
        throw util::UsageError("choose one of --quiet and --verbose");
    }
    TerminalStyle style;
    style.colour = use_colour(fd, *choice);
    style.action = std::move(action);
    style.verbosity = args.flag("quiet")     ? Verbosity::quiet
                      : args.flag("verbose") ? Verbosity::verbose
                                             : Verbosity::normal;
    return style;
}

log::Log log_from(const util::ParsedArgs& args) {
    const char* env_level = std::getenv("QA_SKILL_LOG");
    const auto given = args.value("log-level");
    const std::string text = given ? *given : (env_level != nullptr ? env_level : "off");
    const auto level = text.empty() ? std::optional(log::Level::off) : log::parse_level(text);
    if (!level) {
        throw util::UsageError(std::string(given ? "--log-level" : "QA_SKILL_LOG") +
                               " must be debug, info, warn or off, not \"" + text + "\"");
    }
    std::optional<std::filesystem::path> file;
    if (const auto path = args.value("log-file")) {
        file = *path;
    } else if (const char* env_file = std::getenv("QA_SKILL_LOG_FILE");
               env_file != nullptr && *env_file != '\0') {
        file = env_file;
    }
    return log::Log(*level, file);
}

void print_report(const orchestrator::RunReport& report, const std::string& format,
                  const TerminalStyle& style, std::FILE* text_out) {
    if (format == "json" || format == "sarif") {
        std::fputs((format == "json" ? json(report) : sarif(report)).c_str(), stdout);
        std::fputs(failure_reasons(report).c_str(), stderr);
    } else {
        std::fputs(terminal(report, style).c_str(), text_out);
    }
    std::fflush(stdout);
    std::fflush(stderr);
}

}  // namespace qa::report
