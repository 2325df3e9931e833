#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace qa::git {

/// Distinct lines of text, each held once: what a push's earlier commits have judged already.
/// Texts are copied into large chunks (no allocation per line), so a file of a million identical
/// lines costs one entry, and distinct ones cost their bytes plus a hash-set node.
class LineSet {
  public:
    /// Adds `text`; true when it was not held yet.
    bool insert(std::string_view text);
    bool contains(std::string_view text) const { return set_.count(text) > 0; }
    std::size_t size() const { return set_.size(); }

  private:
    std::string_view keep(std::string_view text);

    std::vector<std::unique_ptr<char[]>> chunks_;
    std::size_t used_ = 0;      ///< bytes used of the last chunk
    std::size_t capacity_ = 0;  ///< size of the last chunk
    std::unordered_set<std::string_view> set_;
};

}  // namespace qa::git
