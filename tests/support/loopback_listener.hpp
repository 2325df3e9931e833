#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace qa::test {

/// A TCP listener on 127.0.0.1 owned by the test: it tells whether anything connected (what a
/// test uses to prove that a command ran, or did not, from outside its sandbox).
class LoopbackListener {
  public:
    LoopbackListener() {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
            ::listen(fd_, 8) != 0) {
            throw std::runtime_error("cannot listen on 127.0.0.1");
        }
        socklen_t len = sizeof addr;
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
        port_ = ntohs(addr.sin_port);
    }
    ~LoopbackListener() { ::close(fd_); }
    LoopbackListener(const LoopbackListener&) = delete;
    LoopbackListener& operator=(const LoopbackListener&) = delete;

    int port() const { return port_; }
    /// True when a connection is waiting (call it after the command has ended).
    bool connected() const {
        const int c = ::accept(fd_, nullptr, nullptr);
        if (c >= 0) {
            ::close(c);
            return true;
        }
        return false;
    }

  private:
    int fd_ = -1;
    int port_ = 0;
};

}  // namespace qa::test
