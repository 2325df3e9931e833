#pragma once

#include <memory>

#include "cache/remote/backend.hpp"
#include "cache/remote/spec.hpp"
#include "cache/remote/url.hpp"

namespace qa::cache::remote {

/// A Redis server through hiredis: `redis://[user@]host[:port][/db]`. Records live under
/// `qa-skill:{name}:{hash}` with the entry's remaining lifetime as their expiry (SET ... PX), so
/// Redis prunes them itself. The password (AUTH) is Spec::credential, credentialEnv's value. A
/// Redis Cluster node's MOVED and ASK redirections are followed (each command names one key), so
/// any node of a cluster can be configured; Sentinel is not spoken.
std::unique_ptr<Backend> make_redis_backend(const Spec& spec, const Url& url,
                                            const Options& options);

}  // namespace qa::cache::remote
