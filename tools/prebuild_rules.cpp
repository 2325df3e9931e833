// Reads the embedded rules files at build time and writes them as C++ constant data
// (rules/prebuilt_rule.hpp), so that a run builds its rules without parsing TOML. Every regex is
// compiled and checked here: a rules file that read_rule() rejects fails the build.
// Usage: prebuild_rules OUTPUT ROOT FILE... (FILEs relative to ROOT, as they are embedded).

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/checksum.hpp"
#include "rules/example_tables.hpp"
#include "rules/rule_error.hpp"
#include "rules/rule_reader.hpp"
#include "util/toml_reader.hpp"

namespace {

using qa::rules::Rule;

/// `s` as a C++ expression of type std::string_view: every byte that is not printable ASCII,
/// and the quote, backslash and '?', as a three-digit octal escape, so no escape can run into
/// the character after it; the length given, so a NUL byte is kept.
std::string literal(std::string_view s) {
    std::string out = "std::string_view(\"";
    for (const char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\' && c != '?') {
            out += c;
        } else {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\%03o", byte);
            out += escaped;
        }
    }
    return out + "\", " + std::to_string(s.size()) + ")";
}

std::string optional_int(const std::optional<int>& value) {
    return value ? std::to_string(*value) : "std::nullopt";
}

/// Writes the named arrays the rules' lists point at, and the rules themselves.
class Writer {
  public:
    /// The name of a new array holding `values`, or "{}" for none.
    std::string array(const std::vector<std::string>& values) {
        if (values.empty()) {
            return "{}";
        }
        std::string name = "s" + std::to_string(arrays_++);
        arrays_text_ << "constexpr std::string_view " << name << "[] = {";
        for (std::size_t i = 0; i < values.size(); ++i) {
            arrays_text_ << (i > 0 ? ", " : "") << literal(values[i]);
        }
        arrays_text_ << "};\n";
        return name;
    }

    void rule(const Rule& r) {
        const std::string checksum = r.checksum ? literal(qa::rules::checksum_name(*r.checksum))
                                                : std::string("std::nullopt");
        rules_text_ << "    {.id = " << literal(r.id) << ",\n"
                    << "     .description = " << literal(r.description) << ",\n"
                    << "     .regex = " << literal(r.regex) << ",\n"
                    << "     .keywords = " << array(r.keywords) << ",\n"
                    << "     .keywordPrefilter = " << (r.keywordPrefilter ? "true" : "false")
                    << ",\n"
                    << "     .prefilterRegex = " << literal(r.prefilterRegex) << ",\n"
                    << "     .secretGroup = " << optional_int(r.secretGroup) << ",\n"
                    << "     .minEntropy = " << double_text(r.minEntropy) << ",\n"
                    << "     .checksum = " << checksum << ",\n"
                    << "     .nextLine = "
                    << (r.nextLine ? literal(r.nextLineSource) : std::string("std::nullopt"))
                    << ",\n"
                    << "     .severity = " << literal(r.severity) << ",\n"
                    << "     .blocking = " << (r.blocking ? "true" : "false") << ",\n"
                    << "     .changesOnly = " << (r.changesOnly ? "true" : "false") << ",\n"
                    << "     .fix = " << literal(r.fix) << ",\n"
                    << "     .allowPaths = " << array(r.allowlist.paths) << ",\n"
                    << "     .allowRegexes = " << array(r.allowlist.regexSources) << ",\n"
                    << "     .allowStopwords = " << array(r.allowlist.stopwords) << ",\n"
                    << "     .allowSameAsGroup = " << optional_int(r.allowlist.sameAsGroup) << ",\n"
                    << "     .languages = " << array(r.languages) << ",\n"
                    << "     .subLens = " << literal(r.subLens) << "},\n";
    }

    /// Ends the rules of one file as the array `name`.
    void end_file(const std::string& name) {
        files_text_ << "constexpr PrebuiltRule " << name << "[] = {\n"
                    << rules_text_.str() << "};\n";
        rules_text_.str("");
    }

    std::string text() const { return arrays_text_.str() + files_text_.str(); }

  private:
    /// Enough digits that the double reads back exactly.
    static std::string double_text(double value) {
        char text[40];
        std::snprintf(text, sizeof text, "%.17g", value);
        return text;
    }

    std::size_t arrays_ = 0;
    std::ostringstream arrays_text_;
    std::ostringstream rules_text_;
    std::ostringstream files_text_;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error(path + ": cannot be read");
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: prebuild_rules OUTPUT ROOT FILE...\n";
        return 2;
    }
    try {
        Writer writer;
        std::string table;
        for (int i = 3; i < argc; ++i) {
            const std::string path = argv[i];
            const std::string text =
                qa::rules::without_example_tables(read_file(std::string(argv[2]) + "/" + path));
            const toml::table root =
                qa::util::parse_toml(text, path, &qa::util::raise_as<qa::rules::RuleError>);
            std::size_t index = 0;
            for (const toml::node& item : qa::rules::rule_tables(root, path)) {
                writer.rule(qa::rules::read_rule(*item.as_table(), index++, path, true));
            }
            const std::string name = "file" + std::to_string(i - 3);
            writer.end_file(name);
            table += "    {" + literal(path) + ", " + name + "},\n";
        }
        std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
        out << "// Generated by tools/prebuild_rules.cpp from the embedded rules files. Do not "
               "edit.\n"
            << "#include \"rules/prebuilt_rule.hpp\"\n\n"
            << "namespace qa::rules {\nnamespace {\n\n"
            << writer.text() << "\nconstexpr PrebuiltFile kFiles[] = {\n"
            << (table.empty() ? "    {std::string_view(), {}},\n" : table) << "};\n\n"
            << "}  // namespace\n\n"
            << "std::span<const PrebuiltFile> prebuilt_files() {\n"
            << "    return std::span<const PrebuiltFile>(kFiles, " << (argc - 3) << ");\n"
            << "}\n\n}  // namespace qa::rules\n";
        if (!out.flush()) {
            throw std::runtime_error(std::string(argv[1]) + ": cannot be written");
        }
    } catch (const std::exception& e) {
        std::cerr << "prebuild_rules: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
