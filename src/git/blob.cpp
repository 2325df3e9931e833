#include "git/blob.hpp"

#include "git/handle.hpp"

namespace qa::git {

std::optional<std::string> read_blob(const Repository& repo, std::string_view oid_hex) {
    if (oid_hex.size() != GIT_OID_HEXSZ) {
        return std::nullopt;
    }
    git_oid oid;
    if (git_oid_fromstrn(&oid, oid_hex.data(), oid_hex.size()) != 0) {
        return std::nullopt;
    }
    BlobHandle blob;
    if (git_blob_lookup(blob.out(), repo.raw(), &oid) != 0) {
        return std::nullopt;
    }
    const auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
    return std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.get())));
}

std::size_t blob_size(const Repository& repo, std::string_view oid_hex) {
    git_oid oid;
    if (oid_hex.size() != GIT_OID_HEXSZ ||
        git_oid_fromstrn(&oid, oid_hex.data(), oid_hex.size()) != 0) {
        return 0;
    }
    Handle<git_odb, &git_odb_free> odb;
    if (git_repository_odb(odb.out(), repo.raw()) != 0) {
        return 0;
    }
    std::size_t size = 0;
    git_object_t type = GIT_OBJECT_INVALID;
    if (git_odb_read_header(&size, &type, odb.get(), &oid) != 0 || type != GIT_OBJECT_BLOB) {
        return 0;
    }
    return size;
}

}  // namespace qa::git
