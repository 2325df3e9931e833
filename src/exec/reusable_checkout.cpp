#include "exec/reusable_checkout.hpp"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "exec/checkout_sync.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

/// An exclusive flock on `path`, or -1 when another run (or another checkout of this one)
/// holds it: never waits.
int try_lock(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        return -1;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

/// The whole file in one read (a manifest of tens of thousands of entries runs to megabytes);
/// nullopt when it cannot be read.
std::optional<std::string> read_whole(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return std::nullopt;
    }
    struct stat st {};
    std::string text;
    bool whole = false;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        text.resize(static_cast<std::size_t>(st.st_size));
        char* const data = text.data();
        std::size_t got = 0;
        while (got < text.size()) {
            const ssize_t n = ::read(fd, data + got, text.size() - got);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                break;
            }
            got += static_cast<std::size_t>(n);
        }
        whole = got == text.size();  // else it changed while read: no manifest
    }
    ::close(fd);
    return whole ? std::optional<std::string>(std::move(text)) : std::nullopt;
}

}  // namespace

ReusableCheckout::ReusableCheckout(const git::Repository& repo, const std::string& rev,
                                   const fs::path& dir, const fs::path& keep_root,
                                   const fs::path& user_attributes) {
    const fs::path state = repo.git_dir() / "qa-skill";
    slot_ = state / "checkout";
    manifestPath_ = state / "checkout.manifest";
    std::error_code ec;
    fs::create_directories(state, ec);
    if (!ec && !fs::is_symlink(state, ec)) {
        lock_.fd = try_lock(state / "checkout.lock");
    }
    const auto entries = tree_entries(repo, rev);
    std::optional<CheckoutManifest> previous;
    if (lock_.fd >= 0 && entries) {
        // None yet: the first run writes the checkout whole.
        if (const auto text = read_whole(manifestPath_)) {
            previous = CheckoutManifest::parse(*text);
        }
    }
    // Taken over by a rename (the same filesystem, else a fresh checkout): constant time.
    // Without a manifest it is taken too, and emptied: a leftover must never block the slot.
    scratch_ = std::make_unique<ScratchDir>(dir, keep_root, lock_.fd >= 0 ? slot_ : fs::path());
    if (!entries) {  // a conflicted index: git's own checkout, nothing to compare with
        checkout_index(repo, scratch_->path());
        summary_ = "written whole (the index has a conflict)";
        return;
    }
    const std::string fingerprint = checkout_fingerprint(repo, *entries, user_attributes);
    CheckoutSync sync;
    try {
        sync = sync_checkout(repo, rev, scratch_->path(), *entries, fingerprint,
                             scratch_->adopted() && previous ? &*previous : nullptr,
                             scratch_->owner_file());
    } catch (const util::IoError&) {
        if (!scratch_->adopted()) {
            throw;
        }
        // What a command left could not be cleaned (too deep, say): start from nothing.
        scratch_.reset();
        scratch_ = std::make_unique<ScratchDir>(dir, keep_root);
        sync = sync_checkout(repo, rev, scratch_->path(), *entries, fingerprint, nullptr,
                             scratch_->owner_file());
    }
    // Armed before any command runs; the tree's directories only (a directory a command
    // creates is reported as a whole by its parent).
    watch_ = std::make_unique<DirWatch>(scratch_->path(), tree_directories(*entries));
    reused_ = sync.kept > 0;
    keep_ = lock_.fd >= 0;
    manifest_ = std::move(sync.manifest);
    const std::string counts = std::to_string(sync.kept) + " files kept, " +
                               std::to_string(sync.written) + " written, " +
                               std::to_string(sync.removed) + " removed";
    const std::string looked =
        sync.lookedAt ? std::to_string(*sync.lookedAt) +
                            " paths looked at (what the trees' difference names and the last "
                            "run touched)"
                      : std::string("every file stamped");
    summary_ = reused_ ? "the previous checkout brought up to date: " + counts + "; " + looked
               : lock_.fd < 0 ? "written whole (another run holds the reusable "
                                "checkout, or its lock cannot be made): " +
                                    counts
               : !previous            ? "written whole (no previous checkout): " + counts
               : !scratch_->adopted() ? "written whole (the previous checkout could not "
                                        "be moved here): " +
                                            counts
                                      : "written whole (the attributes, configuration or "
                                        "umask changed): " +
                                            counts;
}

ReusableCheckout::~ReusableCheckout() {
    if (keep_ && manifest_) {
        try {
            watch_->drain();
            if (watch_->complete()) {
                manifest_->touched.emplace(watch_->touched().begin(), watch_->touched().end());
            }
            watch_.reset();
            // The manifest first: a kill between the two leaves a manifest without its checkout
            // (ignored), never a checkout with another's manifest.
            util::write_file_atomic(manifestPath_, manifest_->serialize(), util::Sync::no);
            if (::renameat2(AT_FDCWD, scratch_->path().c_str(), AT_FDCWD, slot_.c_str(),
                            RENAME_NOREPLACE) != 0) {
                std::error_code ec;
                fs::remove(manifestPath_, ec);
            }
        } catch (const util::IoError&) {
            // Not kept: the ScratchDir removes it.
        }
    }
    watch_.reset();    // a checkout not kept is removed next: no event for each of its files
    scratch_.reset();  // before the lock goes: the next run may take the slot from then on
}

ReusableCheckout::Lock::~Lock() {
    if (fd >= 0) {
        ::close(fd);
    }
}

}  // namespace qa::exec
