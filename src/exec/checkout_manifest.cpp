#include "exec/checkout_manifest.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "git/error.hpp"
#include "git/handle.hpp"  // src/exec is inside libqaskill, which links libgit2 privately
#include "util/sha256.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMagic = "qa-skill checkout manifest 2\n";
/// The format before the touched paths were kept: read as "touched unknown".
constexpr std::string_view kMagicV1 = "qa-skill checkout manifest 1\n";

static_assert(sizeof(ObjectId) == GIT_OID_RAWSZ);

std::string oid_hex(const git_oid& oid) {
    char buf[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(buf, sizeof buf, &oid);
    return buf;
}

ObjectId id_of(const git_oid& oid) {
    ObjectId out;
    std::copy(std::begin(oid.id), std::begin(oid.id) + GIT_OID_RAWSZ, out.begin());
    return out;
}

/// `hex` (40 digits) as an object id; false for anything else.
bool parse_hex(std::string_view hex, ObjectId& out) {
    if (hex.size() != 2 * out.size()) {
        return false;
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto [p, ec] =
            std::from_chars(hex.data() + 2 * i, hex.data() + 2 * i + 2, out[i], 16);
        if (ec != std::errc() || p != hex.data() + 2 * i + 2) {
            return false;
        }
    }
    return true;
}

bool is_attributes(std::string_view path) {
    return path == ".gitattributes" || path.ends_with("/.gitattributes");
}

std::string read_if_present(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

/// The process's umask, read without changing it (umask(2) would, for every thread).
std::string umask_text() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("Umask:")) {
            return line;
        }
    }
    return "Umask: unknown";
}

/// Reads fields separated by one space from a manifest line.
class Reader {
  public:
    explicit Reader(std::string_view text) : text_(text) {}
    bool done() const { return pos_ >= text_.size(); }
    bool literal(std::string_view s) {
        if (text_.substr(pos_, s.size()) != s) {
            return false;
        }
        pos_ += s.size();
        return true;
    }
    template <class T>
    bool number(T& out, char end = ' ') {
        const char* first = text_.data() + pos_;
        const char* last = text_.data() + text_.size();
        const auto [p, ec] = std::from_chars(first, last, out);
        if (ec != std::errc() || p == last || *p != end) {
            return false;
        }
        pos_ = static_cast<std::size_t>(p - text_.data()) + 1;
        return true;
    }
    bool view(std::string_view& out, char end) {
        const auto at = text_.find(end, pos_);
        if (at == std::string_view::npos) {
            return false;
        }
        out = text_.substr(pos_, at - pos_);
        pos_ = at + 1;
        return true;
    }
    bool word(std::string& out, char end) {
        const auto at = text_.find(end, pos_);
        if (at == std::string_view::npos) {
            return false;
        }
        out.assign(text_.substr(pos_, at - pos_));
        pos_ = at + 1;
        return true;
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

std::string to_hex(const ObjectId& oid) {
    git_oid raw;
    std::copy(oid.begin(), oid.end(), std::begin(raw.id));
    return oid_hex(raw);
}

std::optional<std::vector<TreeEntry>> tree_entries(const git::Repository& repo,
                                                   const std::string& rev) {
    std::vector<TreeEntry> out;
    if (rev.empty()) {
        git::IndexHandle index;
        git::check(git_repository_index(index.out(), repo.raw()), "read the index");
        if (git_index_has_conflicts(index.get()) != 0) {
            return std::nullopt;
        }
        const std::size_t n = git_index_entrycount(index.get());
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const git_index_entry* e = git_index_get_byindex(index.get(), i);
            if (e != nullptr) {
                out.push_back({e->path, id_of(e->id), e->mode});
            }
        }
    } else {
        git::ObjectHandle object;
        git::check(git_revparse_single(object.out(), repo.raw(), rev.c_str()),
                   "resolve '" + rev + "'");
        git::ObjectHandle tree;
        git::check(git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE),
                   "find the tree of '" + rev + "'");
        const auto collect = [](const char* root, const git_tree_entry* e, void* payload) -> int {
            const auto mode = static_cast<std::uint32_t>(git_tree_entry_filemode(e));
            if (mode != GIT_FILEMODE_TREE) {
                static_cast<std::vector<TreeEntry>*>(payload)->push_back(
                    {std::string(root) + git_tree_entry_name(e), id_of(*git_tree_entry_id(e)),
                     mode});
            }
            return 0;
        };
        git::check(git_tree_walk(reinterpret_cast<const git_tree*>(tree.get()), GIT_TREEWALK_PRE,
                                 collect, &out),
                   "list the tree of '" + rev + "'");
    }
    const auto by_path = [](const TreeEntry& a, const TreeEntry& b) { return a.path < b.path; };
    if (!std::is_sorted(out.begin(), out.end(), by_path)) {  // the index is, by its format
        std::sort(out.begin(), out.end(), by_path);
    }
    return out;
}

fs::path user_attributes_file(const EnvLookup& lookup) {
    const auto xdg = lookup("XDG_CONFIG_HOME");
    const auto home = lookup("HOME");
    return xdg && !xdg->empty() ? fs::path(*xdg) / "git/attributes"
           : home               ? fs::path(*home) / ".config/git/attributes"
                                : fs::path();
}

std::string checkout_fingerprint(const git::Repository& repo, const std::vector<TreeEntry>& entries,
                                 const fs::path& user_attributes) {
    int major = 0;
    int minor = 0;
    int rev = 0;
    git_libgit2_version(&major, &minor, &rev);
    std::string text = "libgit2 " + std::to_string(major) + "." + std::to_string(minor) + "." +
                       std::to_string(rev) + "\n" + umask_text() + "\n";
    const fs::path root = repo.root();
    std::vector<std::string> attribute_paths;
    for (const auto& e : entries) {
        if (is_attributes(e.path)) {
            text += "tree " + e.path + " " + to_hex(e.oid) + "\n";
            attribute_paths.push_back(e.path);
        }
    }
    // Checkout reads attributes from the working tree and the index too, not only the tree.
    git::IndexHandle index;
    if (git_repository_index(index.out(), repo.raw()) == 0) {
        const std::size_t n = git_index_entrycount(index.get());
        for (std::size_t i = 0; i < n; ++i) {
            const git_index_entry* e = git_index_get_byindex(index.get(), i);
            if (e != nullptr && is_attributes(e->path)) {
                text += "index " + std::string(e->path) + " " + oid_hex(e->id) + "\n";
                attribute_paths.emplace_back(e->path);
            }
        }
    }
    attribute_paths.emplace_back(".gitattributes");
    for (const auto& p : attribute_paths) {
        text += "file " + p + "\n" + util::sha256_hex(read_if_present(root / p)) + "\n";
    }
    const fs::path common = git_repository_commondir(repo.raw());
    text += "info " + util::sha256_hex(read_if_present(common / "info/attributes")) + "\n";
    git::ConfigHandle config;
    if (git_repository_config_snapshot(config.out(), repo.raw()) == 0) {
        git::ConfigIteratorHandle it;
        if (git_config_iterator_glob_new(it.out(), config.get(), "^(core|filter)\\.") == 0) {
            git_config_entry* entry = nullptr;  // owned by the iterator
            while (git_config_next(&entry, it.get()) == 0) {
                text += "config " + std::string(entry->name) + "=" + entry->value + "\n";
            }
        }
        git::Buf path;
        if (git_config_get_path(path.out(), config.get(), "core.attributesfile") == 0) {
            text += "user " + util::sha256_hex(read_if_present(fs::path(path.view()))) + "\n";
        }
    }
    if (!user_attributes.empty()) {
        text += "xdg " + util::sha256_hex(read_if_present(user_attributes)) + "\n";
    }
    text += "system " + util::sha256_hex(read_if_present("/etc/gitattributes")) + "\n";
    return util::sha256_hex(text);
}

std::string CheckoutManifest::serialize() const {
    std::string out(kMagic);
    out += fingerprint + " " + std::to_string(dev) + " " + std::to_string(ino) + " " +
           std::to_string(stampSec) + " " + std::to_string(stampNsec) + " " +
           std::to_string(entries.size()) + "\n";
    out.reserve(out.size() + entries.size() * 160);
    // Numbers straight into the text: tens of thousands of entries, no temporary strings.
    char buf[24];
    const auto number = [&](auto n) {
        const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
        out.append(buf, end);
        out += ' ';
    };
    for (const auto& [path, e] : entries) {
        const auto& s = e.stamp;
        for (const std::uint8_t byte : e.oid) {
            constexpr char kDigits[] = "0123456789abcdef";
            out += kDigits[byte >> 4];
            out += kDigits[byte & 15];
        }
        out += ' ';
        number(e.gitMode);
        number(s.ino);
        number(s.mode);
        number(s.size);
        number(s.mtimeSec);
        number(s.mtimeNsec);
        number(s.ctimeSec);
        number(s.ctimeNsec);
        out += path;
        out += '\0';  // a path may hold any byte but NUL
    }
    if (!touched) {
        out += "touched unknown\n";
        return out;
    }
    out += "touched " + std::to_string(touched->size()) + "\n";
    for (const auto& path : *touched) {
        out += path;
        out += '\0';
    }
    return out;
}

std::optional<CheckoutManifest> CheckoutManifest::parse(std::string_view text) {
    Reader r(text);
    CheckoutManifest m;
    std::size_t count = 0;
    const bool v1 = r.literal(kMagicV1);
    if ((!v1 && !r.literal(kMagic)) || !r.word(m.fingerprint, ' ') || !r.number(m.dev) ||
        !r.number(m.ino) || !r.number(m.stampSec) || !r.number(m.stampNsec) ||
        !r.number(count, '\n')) {
        return std::nullopt;
    }
    m.entries.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        Entry e;
        std::string path;
        std::string_view hex;
        auto& s = e.stamp;
        if (!r.view(hex, ' ') || !parse_hex(hex, e.oid) || !r.number(e.gitMode) ||
            !r.number(s.ino) || !r.number(s.mode) || !r.number(s.size) || !r.number(s.mtimeSec) ||
            !r.number(s.mtimeNsec) || !r.number(s.ctimeSec) || !r.number(s.ctimeNsec) ||
            !r.word(path, '\0')) {
            return std::nullopt;
        }
        m.entries.emplace(std::move(path), e);
    }
    if (!v1 && !r.literal("touched unknown\n")) {
        std::size_t n = 0;
        if (!r.literal("touched ") || !r.number(n, '\n')) {
            return std::nullopt;
        }
        m.touched.emplace();
        m.touched->reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            std::string path;
            if (!r.word(path, '\0')) {
                return std::nullopt;
            }
            m.touched->push_back(std::move(path));
        }
    }
    if (!r.done()) {
        return std::nullopt;
    }
    return m;
}

}  // namespace qa::exec
