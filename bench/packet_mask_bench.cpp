// False masking of the model lenses' packet masker on real code: reads every text file under the
// given folders, masks each file as a context packet would (whole file, lines numbered from 1),
// and prints the lines masked per MB: whole lines a credential rule matched, and lines with a
// value masked for a credential-like name or for looking random. Code that ships in a
// distribution holds no live credential, so every masked line counts as false masking (some are
// test keys, which the count includes). A program, not a test: it prints numbers and asserts
// nothing.
//
//   packet_mask_bench [--list] DIR...
//
// --list prints each masked line as file:line: reason, then the line as masked (the mask hides
// the value), to read what was masked.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "lenses/model/secret_lines.hpp"
#include "lenses/model/value_masker.hpp"
#include "plan/classify.hpp"

namespace fs = std::filesystem;
using qa::lenses::model::NumberedLine;

namespace {

struct Totals {
    std::size_t files = 0;
    std::size_t bytes = 0;
    std::size_t lines = 0;
    std::size_t ruleLines = 0;
    std::size_t nameLines = 0;
    std::size_t entropyLines = 0;
};

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void mask_file(const fs::path& path, const std::string& rel,
               const qa::lenses::model::SecretLines& secrets, bool list, Totals& t) {
    const std::string content = read_file(path);
    if (content.empty() || content.find('\0') != std::string::npos) {
        return;  // binary
    }
    const std::string_view text = content;
    const std::string_view first_line = text.substr(0, text.find('\n'));
    const auto kind = qa::plan::classify(rel, first_line, false);
    std::vector<NumberedLine> lines;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        lines.push_back(
            NumberedLine{static_cast<std::uint32_t>(lines.size() + 1), text.substr(at, end - at)});
        at = end + 1;
    }
    const auto rule_lines = secrets.find(rel, kind.language, text, {});
    const bool settings =
        qa::lenses::model::is_settings_file(qa::plan::to_string(kind.kind), kind.language);
    const auto values = qa::lenses::model::mask_values(lines, settings);
    ++t.files;
    t.bytes += content.size();
    t.lines += lines.size();
    t.ruleLines += rule_lines.size();
    for (const auto& [number, masked] : values.lines) {
        if (rule_lines.count(number) > 0) {
            continue;  // masked whole anyway
        }
        const bool by_name = masked.byName;
        ++(by_name ? t.nameLines : t.entropyLines);
        if (list) {
            std::printf("%s:%u: %s: %.200s\n", rel.c_str(), number, by_name ? "name" : "entropy",
                        masked.text.c_str());
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    bool list = false;
    std::vector<fs::path> dirs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--list") == 0) {
            list = true;
        } else {
            dirs.emplace_back(argv[i]);
        }
    }
    if (dirs.empty()) {
        std::fprintf(stderr, "usage: packet_mask_bench [--list] DIR...\n");
        return 2;
    }
    const qa::lenses::model::SecretLines secrets;
    Totals t;
    for (const auto& dir : dirs) {
        std::vector<fs::path> files;
        for (const auto& e :
             fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied)) {
            if (e.is_regular_file() && !e.is_symlink()) {
                files.push_back(e.path());
            }
        }
        std::sort(files.begin(), files.end());  // the same order, the same output
        for (const auto& f : files) {
            mask_file(f, fs::relative(f, dir).string(), secrets, list, t);
        }
    }
    const double mb = static_cast<double>(t.bytes) / 1e6;
    std::printf("scanned %zu files, %.1f MB, %zu lines\n", t.files, mb, t.lines);
    std::printf("masked whole (credential rule):      %6zu lines  %7.2f per MB\n", t.ruleLines,
                static_cast<double>(t.ruleLines) / mb);
    std::printf("values masked (credential-like name): %6zu lines  %7.2f per MB\n", t.nameLines,
                static_cast<double>(t.nameLines) / mb);
    std::printf("values masked (random-looking):      %6zu lines  %7.2f per MB\n", t.entropyLines,
                static_cast<double>(t.entropyLines) / mb);
    std::printf("all masked lines:                    %6zu lines  %7.2f per MB\n",
                t.ruleLines + t.nameLines + t.entropyLines,
                static_cast<double>(t.ruleLines + t.nameLines + t.entropyLines) / mb);
    return 0;
}
