#pragma once

/// Team cache stores for the tests, each a real server on 127.0.0.1 for the lifetime of the
/// object: Debian's redis-server, and Debian's nginx with its WebDAV module (PUT). Header-only,
/// like the other fixtures. Each picks a free port, waits until it answers, and stops with
/// SIGTERM (stop() can be called early: a store that goes away mid-run).

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/git_fixture.hpp"

namespace qa::test {

/// A port nothing listens on right now (bound, read, closed).
inline int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        throw std::runtime_error("cannot bind 127.0.0.1");
    }
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    ::close(fd);
    return ntohs(addr.sin_port);
}

/// Whether something accepts connections on 127.0.0.1:port.
inline bool accepts(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    ::close(fd);
    return ok;
}

/// A child process started from argv, stopped with SIGTERM on destruction.
class ServerProcess {
  public:
    ServerProcess() = default;
    ~ServerProcess() { stop(); }
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    void start(const std::vector<std::string>& argv, const std::filesystem::path& log, int port) {
        // Built before fork: the child of a threaded test runner only calls async-signal-safe
        // functions.
        std::vector<char*> args;
        args.reserve(argv.size() + 1);
        for (const auto& a : argv) {
            args.push_back(const_cast<char*>(a.c_str()));
        }
        args.push_back(nullptr);
        pid_ = ::fork();
        if (pid_ < 0) {
            throw std::runtime_error("fork failed");
        }
        if (pid_ == 0) {
            const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(fd, STDOUT_FILENO);
            ::dup2(fd, STDERR_FILENO);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
        for (int i = 0; i < 500; ++i) {
            if (accepts(port)) {
                return;
            }
            int status = 0;
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                throw std::runtime_error(argv[0] + " exited at start; see " + log.string());
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        stop();
        throw std::runtime_error(argv[0] + " did not listen within 5 s");
    }

    void stop() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            int status = 0;
            ::waitpid(pid_, &status, 0);
            pid_ = -1;
        }
    }
    bool running() const { return pid_ > 0; }

  private:
    pid_t pid_ = -1;
};

/// `redis-server` on 127.0.0.1 with no persistence; `password` set: it requires AUTH.
class RedisServer {
  public:
    explicit RedisServer(const std::string& password = {},
                         const std::vector<std::string>& extra = {})
        : dir_("qa-redis"), port_(free_port()), password_(password) {
        std::vector<std::string> argv{"redis-server",
                                      "--port",
                                      std::to_string(port_),
                                      "--bind",
                                      "127.0.0.1",
                                      "--save",
                                      "",
                                      "--appendonly",
                                      "no",
                                      "--dir",
                                      dir_.path().string()};
        if (!password.empty()) {
            argv.insert(argv.end(), {"--requirepass", password});
        }
        argv.insert(argv.end(), extra.begin(), extra.end());
        process_.start(argv, dir_.path() / "redis.log", port_);
    }

    int port() const { return port_; }
    std::string url(int db = 0) const {
        return "redis://127.0.0.1:" + std::to_string(port_) + "/" + std::to_string(db);
    }
    void stop() { process_.stop(); }

    /// `redis-cli` with `args` (shell text) against this server; stdout.
    std::string cli(const std::string& args) const {
        const std::string auth =
            password_.empty() ? std::string() : "REDISCLI_AUTH=" + shell_quote(password_) + " ";
        return run(auth + "redis-cli -h 127.0.0.1 -p " + std::to_string(port_) + " " + args +
                   " 2>&1")
            .out;
    }
    /// The keys qa-skill wrote.
    std::vector<std::string> keys() const {
        std::vector<std::string> out;
        std::string text = cli("--scan --pattern 'qa-skill:*'");
        std::size_t start = 0;
        while (start < text.size()) {
            const auto end = text.find('\n', start);
            const std::string line = text.substr(start, end - start);
            if (!line.empty()) {
                out.push_back(line);
            }
            if (end == std::string::npos) {
                break;
            }
            start = end + 1;
        }
        return out;
    }

  private:
    TempDir dir_;
    int port_;
    std::string password_;
    ServerProcess process_;
};

/// Debian's nginx serving a WebDAV folder on 127.0.0.1: GET, HEAD and PUT (dav_methods PUT).
/// `bearer` set: a request without `Authorization: Bearer <bearer>` is answered 401.
class WebDavServer {
  public:
    explicit WebDavServer(const std::string& bearer = {}) : dir_("qa-nginx"), port_(free_port()) {
        const auto root = dir_.path() / "store";
        std::filesystem::create_directories(root / "qa");
        std::filesystem::create_directories(dir_.path() / "tmp");
        std::string auth;
        if (!bearer.empty()) {
            auth = "            if ($http_authorization != \"Bearer " + bearer +
                   "\") { return 401; }\n";
        }
        write_file(dir_.path() / "nginx.conf",
                   "daemon off;\nmaster_process off;\nworker_processes 1;\n"
                   "pid " +
                       (dir_.path() / "nginx.pid").string() +
                       ";\n"
                       "error_log " +
                       (dir_.path() / "error.log").string() +
                       ";\n"
                       "events { worker_connections 64; }\n"
                       "http {\n"
                       "    access_log " +
                       (dir_.path() / "access.log").string() +
                       ";\n"
                       "    client_body_temp_path " +
                       (dir_.path() / "tmp").string() +
                       ";\n"
                       "    server {\n"
                       "        listen 127.0.0.1:" +
                       std::to_string(port_) +
                       ";\n"
                       "        root " +
                       root.string() +
                       ";\n"
                       "        client_max_body_size 64m;\n"
                       "        location /qa/ {\n" +
                       auth +
                       "            dav_methods PUT;\n"
                       "            dav_access user:rw group:r all:r;\n"
                       "        }\n"
                       "    }\n"
                       "}\n");
        // Debian puts nginx in /usr/sbin, which a non-root PATH may lack.
        const std::string nginx =
            std::filesystem::exists("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
        process_.start(
            {nginx, "-p", dir_.path().string(), "-c", (dir_.path() / "nginx.conf").string(), "-e",
             (dir_.path() / "error.log").string()},
            dir_.path() / "nginx.out", port_);
    }

    int port() const { return port_; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/qa/"; }
    void stop() { process_.stop(); }
    /// The folder the stored objects are in.
    std::filesystem::path store() const { return dir_.path() / "store" / "qa"; }
    /// The access log: one line per request, with its method.
    std::string access_log() const {
        const auto r = run("cat " + shell_quote((dir_.path() / "access.log").string()));
        return r.out;
    }

  private:
    TempDir dir_;
    int port_;
    ServerProcess process_;
};

}  // namespace qa::test
