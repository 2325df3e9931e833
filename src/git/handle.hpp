#pragma once

#include <git2.h>

#include <string>
#include <string_view>
#include <utility>

/// Internal to src/git: the only header that exposes libgit2 types. Public headers of this module
/// stay free of <git2.h>, because libgit2 is a private dependency of libqaskill.
namespace qa::git {

/// Owns one libgit2 object and frees it with its matching `git_*_free`. Move-only; `out()` hands
/// libgit2 the address to fill, releasing whatever the handle held before.
template <typename T, void (*Free)(T*)>
class Handle {
  public:
    Handle() = default;
    explicit Handle(T* ptr) : ptr_(ptr) {}
    ~Handle() { reset(); }

    Handle(Handle&& other) noexcept : ptr_(std::exchange(other.ptr_, nullptr)) {}
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            ptr_ = std::exchange(other.ptr_, nullptr);
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;

    T* get() const { return ptr_; }
    T** out() {
        reset();
        return &ptr_;
    }
    T* release() { return std::exchange(ptr_, nullptr); }
    void reset() {
        if (ptr_ != nullptr) {
            Free(ptr_);
            ptr_ = nullptr;
        }
    }
    explicit operator bool() const { return ptr_ != nullptr; }

  private:
    T* ptr_ = nullptr;
};

using ObjectHandle = Handle<git_object, &git_object_free>;
using CommitHandle = Handle<git_commit, &git_commit_free>;
using TreeHandle = Handle<git_tree, &git_tree_free>;
using BlobHandle = Handle<git_blob, &git_blob_free>;
using IndexHandle = Handle<git_index, &git_index_free>;
using DiffHandle = Handle<git_diff, &git_diff_free>;
using PatchHandle = Handle<git_patch, &git_patch_free>;
using ReferenceHandle = Handle<git_reference, &git_reference_free>;
using RevwalkHandle = Handle<git_revwalk, &git_revwalk_free>;
using RemoteHandle = Handle<git_remote, &git_remote_free>;
using ConfigHandle = Handle<git_config, &git_config_free>;
using ConfigIteratorHandle = Handle<git_config_iterator, &git_config_iterator_free>;
using ReferenceIteratorHandle = Handle<git_reference_iterator, &git_reference_iterator_free>;
using OdbHandle = Handle<git_odb, &git_odb_free>;

/// git_buf is a value type with its own dispose function rather than a pointer.
class Buf {
  public:
    Buf() = default;
    ~Buf() { git_buf_dispose(&buf_); }
    Buf(const Buf&) = delete;
    Buf& operator=(const Buf&) = delete;

    git_buf* out() {
        git_buf_dispose(&buf_);
        return &buf_;
    }
    std::string_view view() const {
        return buf_.ptr == nullptr ? std::string_view() : std::string_view(buf_.ptr, buf_.size);
    }

  private:
    git_buf buf_ = GIT_BUF_INIT;
};

/// Lowercase 40-digit hex of `oid`.
inline std::string to_hex(const git_oid& oid) {
    char hex[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(hex, sizeof hex, &oid);
    return std::string(hex, GIT_OID_HEXSZ);
}

}  // namespace qa::git
