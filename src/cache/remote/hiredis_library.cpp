#include "cache/remote/hiredis_library.hpp"

#include <dlfcn.h>

#include <type_traits>

namespace qa::cache::remote {

const char* HiredisLibrary::default_soname() {
    return QA_HIREDIS_SONAME;
}

void HiredisLibrary::Close::operator()(void* handle) const {
    dlclose(handle);
}

HiredisLibrary::HiredisLibrary(const std::string& soname) {
    handle_.reset(dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL));
    if (!handle_) {
        const char* why = dlerror();
        error_ = "hiredis cannot be loaded: " + std::string(why != nullptr ? why : soname);
        return;
    }
    bool complete = true;
    const auto bind = [&](auto& function, const char* name) {
        if (!complete) {
            return;
        }
        dlerror();
        void* symbol = dlsym(handle_.get(), name);
        if (symbol == nullptr) {
            error_ = "hiredis " + soname + " lacks " + name;
            complete = false;
            return;
        }
        // POSIX guarantees that a dlsym result converts to a function pointer.
        function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(symbol);
    };
    bind(connect_with_timeout, "redisConnectWithTimeout");
    bind(set_timeout, "redisSetTimeout");
    bind(command_argv, "redisCommandArgv");
    bind(free_reply, "freeReplyObject");
    bind(free_context, "redisFree");
    loaded_ = complete;
}

}  // namespace qa::cache::remote
