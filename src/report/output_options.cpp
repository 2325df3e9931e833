#include "report/output_options.hpp"

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
