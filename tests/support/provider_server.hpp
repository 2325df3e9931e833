#pragma once

/// Starts tests/support/provider_server.py on 127.0.0.1 (an ephemeral port) for the lifetime of
/// the object, and reads back what it received. Header-only, like the other fixtures.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/git_fixture.hpp"

namespace qa::test {

/// One request as the server received it, byte for byte.
struct RecordedRequest {
    std::string raw;   ///< request line, headers and body
    int peerPort = 0;  ///< the client's port: equal for requests on one reused connection
    std::string requestLine() const { return raw.substr(0, raw.find("\r\n")); }
    std::string body() const {
        const auto at = raw.find("\r\n\r\n");
        return at == std::string::npos ? std::string() : raw.substr(at + 4);
    }
    /// Header lines (without the request line), as sent.
    std::string headerBlock() const {
        const auto first = raw.find("\r\n");
        const auto end = raw.find("\r\n\r\n");
        return raw.substr(first + 2, end - first - 2);
    }
};

class ProviderServer {
  public:
    ProviderServer() : dir_("qa-provider-server") {
        std::filesystem::create_directories(record_dir());
        int out[2];
        if (::pipe(out) != 0) {
            throw std::runtime_error("pipe failed");
        }
        const std::string script = std::string(QA_SOURCE_DIR) + "/tests/support/provider_server.py";
        const std::string record = record_dir().string();
        const std::string answer = answer_file().string();
        pid_ = ::fork();
        if (pid_ < 0) {
            throw std::runtime_error("fork failed");
        }
        if (pid_ == 0) {
            ::dup2(out[1], STDOUT_FILENO);
            ::close(out[0]);
            ::close(out[1]);
            ::execlp("python3", "python3", script.c_str(), "--record", record.c_str(), "--answer",
                     answer.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(out[1]);
        std::string line;
        char c = 0;
        while (::read(out[0], &c, 1) == 1 && c != '\n') {
            line += c;
        }
        ::close(out[0]);
        if (!line.starts_with("PORT ")) {
            stop();
            throw std::runtime_error("provider_server.py did not start: '" + line + "'");
        }
        port_ = std::stoi(line.substr(5));
    }
    ~ProviderServer() { stop(); }
    ProviderServer(const ProviderServer&) = delete;
    ProviderServer& operator=(const ProviderServer&) = delete;

    int port() const { return port_; }
    /// The base URL whose first path segment is the fault script, e.g. url("500,ok") + "/v1".
    std::string url(const std::string& script) const {
        return "http://127.0.0.1:" + std::to_string(port_) + "/" + script;
    }
    /// The answer every later good response carries.
    void set_answer(const std::string& json_text) const { write_file(answer_file(), json_text); }

    /// Every request received so far, in arrival order.
    std::vector<RecordedRequest> requests() const {
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(record_dir())) {
            if (entry.path().extension() == ".raw") {
                files.push_back(entry.path());
            }
        }
        std::sort(files.begin(), files.end());
        std::vector<RecordedRequest> out;
        for (const auto& f : files) {
            auto peer = f;
            peer.replace_extension(".peer");
            out.push_back({read_file(f), std::stoi(read_file(peer))});
        }
        return out;
    }

  private:
    std::filesystem::path record_dir() const { return dir_.path() / "record"; }
    std::filesystem::path answer_file() const { return dir_.path() / "answer.json"; }
    static std::string read_file(const std::filesystem::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    static void write_file(const std::filesystem::path& p, const std::string& text) {
        std::ofstream out(p.string() + ".tmp", std::ios::binary);
        out << text;
        out.close();
        std::filesystem::rename(p.string() + ".tmp", p);
    }
    void stop() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            int status = 0;
            ::waitpid(pid_, &status, 0);
            pid_ = -1;
        }
    }

    TempDir dir_;
    pid_t pid_ = -1;
    int port_ = 0;
};

}  // namespace qa::test
