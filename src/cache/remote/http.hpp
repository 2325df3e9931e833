#pragma once

#include <memory>

#include "cache/remote/backend.hpp"
#include "cache/remote/spec.hpp"

namespace qa::cache::remote {

/// An HTTP object store: GET, PUT and HEAD of `{url}/{name}-{hash}` through qa-skill's libcurl
/// client (loaded at the first request). Any server that stores what is PUT and serves it back
/// on GET works: nginx with WebDAV PUT, an S3-style plain object API behind a bearer token.
/// The token (`Authorization: Bearer ...`) is Spec::credential, credentialEnv's value.
/// Stores cannot be listed over plain HTTP: usage() and list() say so.
std::unique_ptr<Backend> make_http_backend(const Spec& spec, const Options& options);

}  // namespace qa::cache::remote
