#include "artifacts/drift.hpp"

#include <algorithm>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "util/file.hpp"

namespace qa::artifacts {
namespace {

/// What a report shows of a value: its canonical JSON, cut.
std::string shown(std::string text) {
    constexpr std::size_t kMax = 300;
    if (text.size() > kMax) {
        text.resize(kMax);
        text += "...";
    }
    return text;
}

/// RFC 6901: '~' as "~0", '/' as "~1".
std::string escaped(std::string_view key) {
    std::string out;
    for (const char c : key) {
        out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    }
    return out;
}

/// The first pointer under `at` where `a` and `b` differ; nullopt when equal.
std::optional<std::string> differs_at(const json::Value& a, const json::Value& b,
                                      const std::string& at) {
    if (a.kind() != b.kind()) {
        return at;
    }
    if (a.is_object()) {
        std::vector<std::string> keys;
        for (const auto& [k, _] : a.as_object()) {
            keys.push_back(k);
        }
        for (const auto& [k, _] : b.as_object()) {
            keys.push_back(k);
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        for (const auto& k : keys) {
            const json::Value* x = a.find(k);
            const json::Value* y = b.find(k);
            const std::string here = at + "/" + escaped(k);
            if (x == nullptr || y == nullptr) {
                return here;
            }
            if (auto d = differs_at(*x, *y, here)) {
                return d;
            }
        }
        return std::nullopt;
    }
    if (a.is_array()) {
        const auto& x = a.as_array();
        const auto& y = b.as_array();
        for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
            if (auto d = differs_at(x[i], y[i], at + "/" + std::to_string(i))) {
                return d;
            }
        }
        if (x.size() != y.size()) {
            return at + "/" + std::to_string(std::min(x.size(), y.size()));
        }
        return std::nullopt;
    }
    if (json::canonical(a) != json::canonical(b)) {
        return at;
    }
    return std::nullopt;
}

/// The value at `pointer` of `doc` as canonical JSON, or "(absent)".
std::string value_at(const json::Value& doc, const std::string& pointer) {
    const json::Value* v = &doc;
    std::size_t pos = 0;
    while (v != nullptr && pos < pointer.size()) {
        const std::size_t next = pointer.find('/', pos + 1);
        std::string token =
            pointer.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
        std::string key;
        for (std::size_t i = 0; i < token.size(); ++i) {
            if (token[i] == '~' && i + 1 < token.size()) {
                key += token[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                key += token[i];
            }
        }
        if (v->is_array()) {
            const std::size_t i = std::stoul(key);
            v = i < v->as_array().size() ? &v->as_array()[i] : nullptr;
        } else if (v->is_object()) {
            v = v->find(key);
        } else {
            v = nullptr;
        }
        pos = next == std::string::npos ? pointer.size() : next;
    }
    return v == nullptr ? "(absent)" : shown(json::canonical(*v));
}

}  // namespace

std::optional<Difference> first_difference(const std::string& file, std::string_view stored,
                                           std::string_view replayed) {
    if (stored == replayed) {
        return std::nullopt;
    }
    std::optional<json::Value> a;
    std::optional<json::Value> b;
    try {
        a = json::parse(stored);
        b = json::parse(replayed);
    } catch (const json::Error&) {
    }
    if (!a || !b) {
        return Difference{file, "", shown(std::string(stored)), shown(std::string(replayed))};
    }
    // Equal values in other bytes (not canonical JSON): the whole document differs.
    const std::string pointer = differs_at(*a, *b, "").value_or("");
    return Difference{file, pointer, value_at(*a, pointer), value_at(*b, pointer)};
}

std::optional<Difference> compare_run(const std::filesystem::path& dir,
                                      const std::vector<RenderedFile>& replayed) {
    for (const auto& file : replayed) {
        std::string stored;
        try {
            stored = util::read_file(dir / file.name);
        } catch (const util::IoError& e) {
            return Difference{file.name, "", std::string("(unreadable: ") + e.what() + ")",
                              "(" + std::to_string(file.size()) + " bytes)"};
        }
        if (auto d = first_difference(file.name, stored, file.bytes())) {
            return d;
        }
    }
    return std::nullopt;
}

}  // namespace qa::artifacts
