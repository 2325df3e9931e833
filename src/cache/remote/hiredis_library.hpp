#pragma once

#include <hiredis/hiredis.h>
#include <sys/time.h>

#include <cstddef>
#include <memory>
#include <string>

namespace qa::cache::remote {

/// hiredis loaded at run time with dlopen, and the functions the Redis backend calls. Only a run
/// whose configuration names a redis:// store and that has a model lens to answer needs it; the
/// hook, which every commit starts, names no hiredis in its dynamic section.
///
/// The soname is the one of the library the build compiled against (QA_HIREDIS_SONAME, from
/// CMake): hiredis changed its structs' layout between 0.14 and 1.x, so another version must not
/// be loaded under these headers. Contexts made through the object must be freed before it goes.
class HiredisLibrary {
  public:
    /// The soname of the hiredis the build compiled against ("libhiredis.so.0.14" on Debian 12).
    static const char* default_soname();

    /// Loads `soname`. Never throws for a library that is missing or lacks a function: loaded()
    /// is then false and error() says why.
    explicit HiredisLibrary(const std::string& soname = default_soname());
    HiredisLibrary(const HiredisLibrary&) = delete;
    HiredisLibrary& operator=(const HiredisLibrary&) = delete;

    bool loaded() const { return loaded_; }
    const std::string& error() const { return error_; }

    // Valid only when loaded().
    redisContext* (*connect_with_timeout)(const char*, int, const struct timeval) = nullptr;
    int (*set_timeout)(redisContext*, const struct timeval) = nullptr;
    void* (*command_argv)(redisContext*, int, const char**, const std::size_t*) = nullptr;
    void (*free_reply)(void*) = nullptr;
    void (*free_context)(redisContext*) = nullptr;

  private:
    struct Close {
        void operator()(void* handle) const;
    };
    std::unique_ptr<void, Close> handle_;
    bool loaded_ = false;
    std::string error_;
};

}  // namespace qa::cache::remote
