#include "lenses/model/context_packet.hpp"

#include <algorithm>
#include <span>

#include "lenses/model/packet_text.hpp"
#include "lenses/model/value_masker.hpp"

namespace qa::lenses::model {

namespace {

/// The lines of `content` (without '\n'), numbered from 1.
std::vector<std::string_view> split_lines(std::string_view content) {
    std::vector<std::string_view> lines;
    std::size_t at = 0;
    while (at < content.size()) {
        const std::size_t nl = content.find('\n', at);
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
        lines.push_back(content.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

struct Section {
    std::string text;
    std::size_t masked = 0;
    std::size_t maskedValues = 0;
    AnchorLines anchors;
};

/// Writes the shown lines (`marks[i]` '+' or ' ') into `s`: a line a credential rule matched
/// (`secret`) as kMaskedLine, a line with masked values as mask_values() gives it, every line
/// transcoded for the packet (packet_text).
void append_lines(Section& s, std::span<const NumberedLine> shown, const std::vector<char>& marks,
                  const std::set<std::uint32_t>& secret, const lenses::api::ChangedFileView& file) {
    const MaskedValues values = mask_values(shown, is_settings_file(file.fileKind, file.language));
    std::uint32_t previous = 0;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const std::uint32_t n = shown[i].number;
        if (previous != 0 && n != previous + 1) {
            s.text += "...\n";
        }
        s.text += marks[i];
        s.text += std::to_string(n);
        s.text += "| ";
        if (secret.count(n) > 0) {
            ++s.masked;
            s.text += kMaskedLine;
        } else if (const auto v = values.lines.find(n); v != values.lines.end()) {
            ++s.maskedValues;
            s.text += packet_text(v->second.text);
        } else {
            s.text += packet_text(shown[i].text);
        }
        s.text += '\n';
        previous = n;
    }
}

Section file_section(const lenses::api::ChangedFileView& file,
                     const lenses::api::ChangeSource& changes, const input::LensInput& settings,
                     bool whole_file, const SecretLines& secrets) {
    Section s;
    // The one read of the added lines (all-files mode reads the blob here); `added_lines` holds
    // what their views point into until the section is built.
    const lenses::api::AddedLines::Lines added_lines = file.addedLines.read();
    std::vector<std::uint32_t> added_numbers;
    std::string added_text;
    for (const auto& line : added_lines) {
        added_numbers.push_back(line.lineNo);
        added_text.append(line.text);
        added_text += '\n';
    }
    const std::set<std::uint32_t> added(added_numbers.begin(), added_numbers.end());
    const bool with_context =
        settings.mode == input::LensMode::diff_context && settings.diffContext > 0;
    const bool mode_whole =
        settings.mode == input::LensMode::file || settings.mode == input::LensMode::all;

    std::optional<std::string> content;
    if (whole_file || with_context || mode_whole) {
        content = changes.full_content(file.path);
    }
    s.text = "=== FILE " + file.path + (file.language.empty() ? "" : " (" + file.language + ")") +
             " ===\n";
    if (!content) {
        // Only the added lines are known (or needed).
        const auto secret = secrets.find(file.path, file.language, added_text, added_numbers);
        std::vector<NumberedLine> shown;
        for (const auto& line : added_lines) {
            shown.push_back(NumberedLine{line.lineNo, line.text});
        }
        append_lines(s, shown, std::vector<char>(shown.size(), '+'), secret, file);
        s.anchors.lines = added;
        return s;
    }

    const auto lines = split_lines(*content);
    const auto secret = secrets.find(file.path, file.language, *content, {});
    std::set<std::uint32_t> shown;
    if (whole_file || mode_whole) {
        for (std::uint32_t n = 1; n <= lines.size(); ++n) {
            shown.insert(n);
        }
    } else {
        const auto n = static_cast<std::uint32_t>(settings.diffContext);
        for (const std::uint32_t a : added) {
            for (std::uint32_t k = a > n ? a - n : 1; k <= a + n && k <= lines.size(); ++k) {
                shown.insert(k);
            }
        }
    }
    std::vector<NumberedLine> shown_lines;
    std::vector<char> marks;
    for (const std::uint32_t n : shown) {
        shown_lines.push_back(NumberedLine{n, lines[n - 1]});
        marks.push_back(added.count(n) ? '+' : ' ');
    }
    append_lines(s, shown_lines, marks, secret, file);
    s.anchors.lineCount = static_cast<std::uint32_t>(lines.size());
    if (mode_whole) {
        s.anchors.wholeFile = true;
    } else if (with_context) {
        s.anchors.lines = shown;  // diff_context: the context lines count too
        if (whole_file) {
            s.anchors.lines.clear();
            const auto n = static_cast<std::uint32_t>(settings.diffContext);
            for (const std::uint32_t a : added) {
                for (std::uint32_t k = a > n ? a - n : 1; k <= a + n && k <= lines.size(); ++k) {
                    s.anchors.lines.insert(k);
                }
            }
        }
    } else {
        s.anchors.lines = added;
    }
    return s;
}

}  // namespace

ContextPacket build_context_packet(const contracts::LensPlan& plan,
                                   const lenses::api::ChangeSource& changes,
                                   const input::LensInput& settings, std::size_t max_bytes,
                                   const SecretLines& secrets) {
    ContextPacket packet;
    std::vector<std::string> files = plan.changedFiles;
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        const lenses::api::ChangedFileView* file = changes.file(path);
        if (file == nullptr || file->binary || file->deleted) {
            continue;
        }
        const bool whole = std::find(plan.fullContextFiles.begin(), plan.fullContextFiles.end(),
                                     path) != plan.fullContextFiles.end();
        Section s = file_section(*file, changes, settings, whole, secrets);
        if (packet.text.size() + s.text.size() > max_bytes) {
            packet.omittedFiles.push_back(path);
            continue;
        }
        packet.text += s.text;
        packet.maskedLines += s.masked;
        packet.maskedValueLines += s.maskedValues;
        packet.includedFiles.push_back(path);
        packet.anchors.emplace(path, std::move(s.anchors));
    }
    return packet;
}

}  // namespace qa::lenses::model
