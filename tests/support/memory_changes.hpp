#pragma once

/// A change held in memory, for lens tests that need no repository (the lens API's
/// ChangeSource, as ninja's VirtualFileSystem stands in for the disk).

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lenses/api/lens.hpp"

namespace qa::test {

/// Changed files held in memory; line views stay valid for the object's lifetime.
class MemoryChangeSource final : public lenses::api::ChangeSource {
  public:
    /// `content` is the new file; `added` the line numbers (1-based) the change adds.
    void add(const std::string& path, const std::string& language, const std::string& content,
             const std::vector<std::uint32_t>& added, const std::string& file_kind = "source") {
        contents_[path] = content;
        const std::string& held = contents_[path];
        std::vector<std::string_view> lines;
        std::size_t at = 0;
        while (at < held.size()) {
            const std::size_t nl = held.find('\n', at);
            const std::size_t end = nl == std::string::npos ? held.size() : nl;
            lines.emplace_back(held.data() + at, end - at);
            at = end + 1;
        }
        lenses::api::ChangedFileView view;
        view.path = path;
        view.language = language;
        view.fileKind = file_kind;
        for (const auto n : added) {
            view.addedLines.push_back({n, lines.at(n - 1)});
        }
        files_[path] = std::move(view);
    }
    const lenses::api::ChangedFileView* file(std::string_view path) const override {
        const auto it = files_.find(std::string(path));
        return it == files_.end() ? nullptr : &it->second;
    }
    std::optional<std::string> full_content(std::string_view path) const override {
        const auto it = contents_.find(std::string(path));
        return it == contents_.end() ? std::nullopt : std::optional(it->second);
    }
    /// The changed paths, in byte order.
    std::vector<std::string> paths() const {
        std::vector<std::string> out;
        for (const auto& [p, f] : files_) {
            out.push_back(p);
        }
        return out;
    }

  private:
    std::map<std::string, std::string> contents_;
    std::map<std::string, lenses::api::ChangedFileView> files_;
};

}  // namespace qa::test
