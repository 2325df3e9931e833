#include "util/args.hpp"

#include <algorithm>

// Without this, cxxopts defines six std::regex objects at namespace scope: every process,
// even `--help`, compiled them at start-up (2.3 million instructions, a tenth of a commit
// hook's own work). Its hand-written matchers accept the same option syntax our specs use.
#define CXXOPTS_NO_REGEX
#include <cxxopts.hpp>

namespace qa::util {

bool ParsedArgs::flag(const std::string& name) const {
    return std::find(flags.begin(), flags.end(), name) != flags.end();
}

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
    const auto it = values.find(name);
    if (it == values.end()) {
        return std::nullopt;
    }
    return it->second;
}

ParsedArgs parse_args(const std::string& program, std::span<const OptionSpec> specs,
                      const std::vector<std::string>& args) {
    cxxopts::Options options(program);
    auto adder = options.add_options();
    for (const auto& spec : specs) {
        const std::string names =
            spec.short_name == 0 ? spec.name : std::string(1, spec.short_name) + "," + spec.name;
        if (spec.value_name.empty()) {
            adder(names, spec.help);
        } else {
            adder(names, spec.help, cxxopts::value<std::string>());
        }
    }
    adder("h,help", "show this help");
    adder("positional", "", cxxopts::value<std::vector<std::string>>());
    options.parse_positional({"positional"});

    std::vector<const char*> argv{program.c_str()};
    for (const auto& a : args) {
        argv.push_back(a.c_str());
    }
    ParsedArgs out;
    try {
        const auto result = options.parse(static_cast<int>(argv.size()), argv.data());
        out.help = result.count("help") > 0;
        for (const auto& spec : specs) {
            if (result.count(spec.name) == 0) {
                continue;
            }
            if (spec.value_name.empty()) {
                out.flags.push_back(spec.name);
            } else {
                out.values[spec.name] = result[spec.name].as<std::string>();
            }
        }
        if (result.count("positional") > 0) {
            out.positional = result["positional"].as<std::vector<std::string>>();
        }
    } catch (const cxxopts::exceptions::exception& e) {
        // cxxopts quotes with U+2018/U+2019; every message of ours is ASCII.
        std::string message = e.what();
        for (const std::string_view quote : {"\u2018", "\u2019"}) {
            for (auto at = message.find(quote); at != std::string::npos; at = message.find(quote)) {
                message.replace(at, quote.size(), "'");
            }
        }
        throw UsageError(message);
    }
    return out;
}

std::string usage_text(const std::string& usage_line, std::span<const OptionSpec> specs) {
    std::string out = "usage: " + usage_line + "\n";
    if (!specs.empty()) {
        out += "\noptions:\n";
    }
    for (const auto& spec : specs) {
        std::string left = (spec.short_name == 0 ? std::string("  --")
                                                 : std::string("  -") + spec.short_name + ", --") +
                           spec.name;
        if (!spec.value_name.empty()) {
            left += " <" + spec.value_name + ">";
        }
        if (left.size() < 28) {
            left.append(28 - left.size(), ' ');
        } else {
            left += "  ";
        }
        out += left + spec.help + "\n";
    }
    return out;
}

std::optional<std::size_t> ParsedArgs::positive_count(const std::string& name) const {
    const auto text = value(name);
    if (!text) {
        return std::nullopt;
    }
    std::size_t n = 0;
    try {
        std::size_t used = 0;
        n = std::stoul(*text, &used);
        if (used != text->size()) {
            throw std::invalid_argument(name);
        }
    } catch (const std::exception&) {
        throw UsageError("--" + name + " must be a positive number, not \"" + *text + "\"");
    }
    if (n == 0) {
        throw UsageError("--" + name + " must be at least 1");
    }
    return n;
}

}  // namespace qa::util
