#include "lenses/external/request.hpp"

#include <algorithm>

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"

namespace qa::lenses::external {
namespace {

/// `text` as valid UTF-8: each byte that does not start a well-formed sequence becomes U+FFFD.
std::string valid_utf8(std::string_view text, bool& lossy) {
    if (json::is_valid_utf8(text)) {
        return std::string(text);
    }
    lossy = true;
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t len = c < 0x80           ? 1
                                : (c >> 5) == 0x6  ? 2
                                : (c >> 4) == 0xE  ? 3
                                : (c >> 3) == 0x1E ? 4
                                                   : 0;
        if (len > 0 && i + len <= text.size() && json::is_valid_utf8(text.substr(i, len))) {
            out.append(text.substr(i, len));
            i += len;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

json::Value file_json(const contracts::LensPlan& plan, const std::string& path,
                      const lenses::api::LensContext& context) {
    json::Object file{{"path", path}};
    const lenses::api::ChangedFileView* view = context.changes.file(path);
    if (view == nullptr) {  // planned from the change, so always there; say so if not
        file.emplace_back("missing", true);
        return file;
    }
    bool lossy = false;
    file.emplace_back("language", view->language);
    file.emplace_back("fileKind", view->fileKind);
    file.emplace_back("binary", view->binary);
    file.emplace_back("deleted", view->deleted);
    json::Array lines;
    if (!view->binary) {
        const auto read = view->addedLines.read();
        for (const auto& line : read) {
            lines.push_back(json::Object{{"line", static_cast<std::int64_t>(line.lineNo)},
                                         {"text", valid_utf8(line.text, lossy)}});
        }
    }
    file.emplace_back("addedLines", std::move(lines));
    const bool full = std::find(plan.fullContextFiles.begin(), plan.fullContextFiles.end(), path) !=
                      plan.fullContextFiles.end();
    if (full && !view->binary && !view->deleted) {
        if (const auto content = context.changes.full_content(path)) {
            file.emplace_back("content", valid_utf8(*content, lossy));
        }
    }
    file.emplace_back("lossy", lossy);
    return file;
}

}  // namespace

std::string request_json(const contracts::LensPlan& plan, const lenses::api::LensContext& context) {
    json::Array files;
    for (const auto& path : plan.changedFiles) {
        if (context.should_stop()) {
            break;  // the lens sees the token too and reports the timeout
        }
        files.push_back(file_json(plan, path, context));
    }
    const json::Value request = json::Object{
        {"protocol", kRequestProtocol},
        {"plan", contracts::to_json(plan)},
        {"lens", json::Object{{"mode", std::string(input::to_string(context.settings.mode))},
                              {"diffContext", context.settings.diffContext},
                              {"options", context.settings.options}}},
        {"files", std::move(files)},
    };
    return json::canonical(request);
}

}  // namespace qa::lenses::external
