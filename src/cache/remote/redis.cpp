#include "cache/remote/redis.hpp"

#include "cache/remote/hiredis_library.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>

namespace qa::cache::remote {
namespace {

constexpr std::string_view kPrefix = "qa-skill:";
constexpr int kMaxRedirects = 3;

/// Contexts and replies are freed through the library that made them.
struct ContextFree {
    const HiredisLibrary* lib;
    void operator()(redisContext* c) const { lib->free_context(c); }
};
using Context = std::unique_ptr<redisContext, ContextFree>;

struct ReplyFree {
    const HiredisLibrary* lib;
    void operator()(redisReply* r) const { lib->free_reply(r); }
};
using Reply = std::unique_ptr<redisReply, ReplyFree>;

timeval to_timeval(std::int64_t ms) {
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(ms / 1000);
    tv.tv_usec = static_cast<suseconds_t>((ms % 1000) * 1000);
    return tv;
}

std::string record_key(const CacheKey& key) {
    return std::string(kPrefix) + key.text();
}

/// A redirection of a cluster node: "MOVED 3999 127.0.0.1:6381" or "ASK 3999 127.0.0.1:6381".
struct Redirect {
    bool ask = false;
    std::string host;
    int port = 0;
};

std::optional<Redirect> redirect_of(const redisReply& reply) {
    if (reply.type != REDIS_REPLY_ERROR) {
        return std::nullopt;
    }
    const std::string_view text(reply.str, reply.len);
    Redirect r;
    if (text.starts_with("MOVED ")) {
        r.ask = false;
    } else if (text.starts_with("ASK ")) {
        r.ask = true;
    } else {
        return std::nullopt;
    }
    const auto space = text.rfind(' ');
    const std::string_view endpoint = text.substr(space + 1);
    const auto colon = endpoint.rfind(':');
    if (colon == std::string_view::npos || colon == 0) {
        return std::nullopt;
    }
    r.host = std::string(endpoint.substr(0, colon));
    r.port = std::atoi(std::string(endpoint.substr(colon + 1)).c_str());
    if (r.port <= 0 || r.port > 65535) {
        return std::nullopt;
    }
    return r;
}

bool same_host(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

class RedisBackend final : public Backend {
  public:
    RedisBackend(const Spec& spec, const Url& url, const Options& options)
        : name_(redact_url(spec.url)),
          host_(url.host),
          port_(url.port.value_or(6379)),
          user_(url.user),
          credential_env_(spec.credentialEnv),
          credential_(spec.credential.value_or(std::string())),
          cluster_nodes_(spec.clusterNodes),
          timeout_ms_(options.timeoutMs) {
        if (url.path.size() > 1) {
            db_ = url.path.substr(1);
        }
    }

    Result get(const CacheKey& key) override {
        const std::string k = record_key(key);
        Result r = command({"GET", k});
        if (r.status == Status::ok && reply_nil_) {
            r.status = Status::absent;
        }
        return r;
    }

    Result put(const CacheKey& key, const std::string& record, std::chrono::seconds ttl) override {
        const std::string k = record_key(key);
        const std::string ms = std::to_string(std::max<std::int64_t>(1, ttl.count()) * 1000);
        Result r = command({"SET", k, record, "PX", ms});
        if (r.status == Status::failed && r.error.find("OOM") != std::string::npos) {
            r.status = Status::full;
        }
        r.bytes.clear();
        return r;
    }

    Result exists(const CacheKey& key) override {
        Result r = command({"EXISTS", record_key(key)});
        if (r.status == Status::ok && reply_integer_ == 0) {
            r.status = Status::absent;
        }
        return r;
    }

    Usage usage() override {
        Usage u;
        const auto listed = scan(false);
        if (!listed) {
            u.note = last_error_;
            return u;
        }
        u.entries = static_cast<std::int64_t>(listed->size());
        std::int64_t bytes = 0;
        for (const auto& l : *listed) {
            bytes += static_cast<std::int64_t>(l.bytes.size());
        }
        u.bytes = bytes;
        u.note = "entries under qa-skill:* on the configured node";
        return u;
    }

    std::optional<std::vector<Listed>> list() override { return scan(true); }

    const std::string& name() const override { return name_; }

  private:
    /// Whether a redirection may lead to host:port: the URL's own host (a cluster on one
    /// machine), or a `cluster_nodes` entry. A node that names any other host does not get
    /// the password, nor the record.
    bool followable(const Redirect& to) const {
        if (same_host(to.host, host_)) {
            return true;
        }
        const std::string endpoint = to.host + ":" + std::to_string(to.port);
        return std::any_of(cluster_nodes_.begin(), cluster_nodes_.end(), [&](const auto& node) {
            return same_host(node, to.host) || same_host(node, endpoint);
        });
    }

    /// The connection to host:port, opened (and authenticated, and its database selected) on
    /// first use. Holding the mutex.
    redisContext* connect(const std::string& host, int port, std::string& error) {
        const std::string endpoint = host + ":" + std::to_string(port);
        if (auto it = contexts_.find(endpoint); it != contexts_.end() && it->second->err == 0) {
            return it->second.get();
        }
        contexts_.erase(endpoint);
        if (auto it = dead_.find(endpoint); it != dead_.end()) {
            // Workers queued on the mutex behind a failure fail at once: a silent node costs
            // timeout_ms once, not once per waiting worker.
            error = it->second;
            return nullptr;
        }
        if (!lib_) {
            lib_ = std::make_unique<const HiredisLibrary>();
        }
        if (!lib_->loaded()) {
            error = lib_->error();
            return give_up(endpoint, error);
        }
        Context c(lib_->connect_with_timeout(host.c_str(), port, to_timeval(timeout_ms_)),
                  ContextFree{lib_.get()});
        if (!c) {
            error = "cannot allocate a Redis context";
            return give_up(endpoint, error);
        }
        if (c->err != 0) {
            error = std::string("cannot connect: ") + c->errstr;
            return give_up(endpoint, error);
        }
        lib_->set_timeout(c.get(), to_timeval(timeout_ms_));
        if (!credential_env_.empty()) {
            if (credential_.empty()) {
                error = "the credential variable " + credential_env_ + " is not set";
                return give_up(endpoint, error);
            }
            std::vector<std::string> auth{"AUTH"};
            if (!user_.empty()) {
                auth.push_back(user_);
            }
            auth.push_back(credential_);
            Reply reply = send(c.get(), auth);
            if (!reply || reply->type == REDIS_REPLY_ERROR) {
                // The server's reply names no password; ours never does either.
                error = reply ? "AUTH refused (" + credential_env_ + ")"
                              : std::string("AUTH failed: ") + c->errstr;
                return give_up(endpoint, error);
            }
        }
        if (!db_.empty()) {
            Reply reply = send(c.get(), {"SELECT", db_});
            if (!reply || reply->type == REDIS_REPLY_ERROR) {
                error = "SELECT " + db_ + " failed: " +
                        (reply ? std::string(reply->str, reply->len)
                               : std::string(c->errstr[0] != '\0' ? c->errstr : "timed out"));
                return give_up(endpoint, error);
            }
        }
        redisContext* raw = c.get();
        contexts_.emplace(endpoint, std::move(c));
        return raw;
    }

    /// Remembers that `endpoint` failed, for the rest of the backend's life. Holding the mutex.
    redisContext* give_up(const std::string& endpoint, const std::string& error) {
        dead_.emplace(endpoint, error);
        return nullptr;
    }

    Reply send(redisContext* c, const std::vector<std::string>& args) const {
        std::vector<const char*> argv;
        std::vector<std::size_t> lengths;
        argv.reserve(args.size());
        lengths.reserve(args.size());
        for (const auto& a : args) {
            argv.push_back(a.data());
            lengths.push_back(a.size());
        }
        return Reply(static_cast<redisReply*>(lib_->command_argv(c, static_cast<int>(argv.size()),
                                                                 argv.data(), lengths.data())),
                     ReplyFree{lib_.get()});
    }

    /// Runs one single-key command, following cluster redirections.
    Result command(const std::vector<std::string>& args) {
        std::lock_guard lock(mutex_);
        Result r;
        reply_nil_ = false;
        reply_integer_ = 0;
        std::string host = host_;
        int port = port_;
        bool asking = false;
        for (int hop = 0; hop <= kMaxRedirects; ++hop) {
            redisContext* c = connect(host, port, r.error);
            if (c == nullptr) {
                r.status = Status::failed;
                return r;
            }
            if (asking) {
                // Its reply is freed unread: an ASK redirection is good for the next command.
                const Reply ok = send(c, {"ASKING"});
            }
            Reply reply = send(c, args);
            if (!reply) {
                r.status = Status::failed;
                r.error = std::string("no answer: ") + (c->errstr[0] ? c->errstr : "timed out");
                const std::string endpoint = host + ":" + std::to_string(port);
                contexts_.erase(endpoint);
                dead_.emplace(endpoint, r.error);
                return r;
            }
            if (const auto redirect = redirect_of(*reply)) {
                if (!followable(*redirect)) {
                    r.status = Status::failed;
                    r.error = "a cluster redirection to " + redirect->host + ":" +
                              std::to_string(redirect->port) +
                              ", neither the configured host nor in cluster_nodes, not followed";
                    return r;
                }
                host = redirect->host;
                port = redirect->port;
                asking = redirect->ask;
                continue;
            }
            switch (reply->type) {
                case REDIS_REPLY_ERROR:
                    r.status = Status::failed;
                    r.error = "Redis error: " + std::string(reply->str, reply->len);
                    return r;
                case REDIS_REPLY_NIL:
                    reply_nil_ = true;
                    r.status = Status::ok;
                    return r;
                case REDIS_REPLY_INTEGER:
                    reply_integer_ = reply->integer;
                    r.status = Status::ok;
                    return r;
                case REDIS_REPLY_STRING:
                    r.bytes.assign(reply->str, reply->len);
                    r.status = Status::ok;
                    return r;
                default:
                    r.status = Status::ok;
                    return r;
            }
        }
        r.status = Status::failed;
        r.error = "too many cluster redirections";
        return r;
    }

    /// Every qa-skill record of the configured node (SCAN), with its bytes when `with_bytes`.
    std::optional<std::vector<Listed>> scan(bool with_bytes) {
        std::lock_guard lock(mutex_);
        std::string error;
        redisContext* c = connect(host_, port_, error);
        if (c == nullptr) {
            last_error_ = error;
            return std::nullopt;
        }
        std::vector<Listed> out;
        std::string cursor = "0";
        do {
            Reply reply =
                send(c, {"SCAN", cursor, "MATCH", std::string(kPrefix) + "*", "COUNT", "1000"});
            if (!reply || reply->type != REDIS_REPLY_ARRAY || reply->elements != 2) {
                last_error_ = "SCAN failed";
                return std::nullopt;
            }
            cursor.assign(reply->element[0]->str, reply->element[0]->len);
            const redisReply* keys = reply->element[1];
            for (std::size_t i = 0; i < keys->elements; ++i) {
                const std::string k(keys->element[i]->str, keys->element[i]->len);
                const auto key = parse_key(std::string_view(k).substr(kPrefix.size()));
                if (!key) {
                    continue;
                }
                Reply value = send(c, {with_bytes ? "GET" : "STRLEN", k});
                if (!value) {
                    last_error_ = "GET failed";
                    return std::nullopt;
                }
                Listed l{*key, {}};
                if (value->type == REDIS_REPLY_STRING) {
                    l.bytes.assign(value->str, value->len);
                } else if (value->type == REDIS_REPLY_INTEGER) {
                    l.bytes.resize(static_cast<std::size_t>(value->integer));
                } else {
                    continue;  // expired between SCAN and GET
                }
                out.push_back(std::move(l));
            }
        } while (cursor != "0");
        return out;
    }

    std::string name_;
    std::string host_;
    int port_;
    std::string user_;
    std::string db_;
    std::string credential_env_;
    std::string credential_;  ///< the password: sent in AUTH only
    std::vector<std::string> cluster_nodes_;
    std::int64_t timeout_ms_;
    std::mutex mutex_;
    std::unique_ptr<const HiredisLibrary> lib_;  ///< loaded at the first connection
    /// By "host:port" (the node and its cluster peers); declared after lib_: freed before it.
    std::map<std::string, Context> contexts_;
    /// Endpoints that could not be reached or did not answer, and why: not asked again.
    std::map<std::string, std::string> dead_;
    bool reply_nil_ = false;
    long long reply_integer_ = 0;
    std::string last_error_;
};

}  // namespace

std::unique_ptr<Backend> make_redis_backend(const Spec& spec, const Url& url,
                                            const Options& options) {
    return std::make_unique<RedisBackend>(spec, url, options);
}

}  // namespace qa::cache::remote
