// Where the documents a schema refers to come from. Nothing comes from the network.
#include "json/schema_sources.hpp"

#include <algorithm>

#include "json/uri.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"

namespace qa::json {

std::optional<std::string> load_text(const DocumentSources& sources, std::string uri) {
    if (uri == sources.root_uri || (sources.root_id && uri == *sources.root_id)) {
        return sources.root_text;
    }
    if (std::find(kMetaschemaUris.begin(), kMetaschemaUris.end(), uri) != kMetaschemaUris.end()) {
        if (const auto meta = util::find_embedded(kMetaschemaPath)) {
            return std::string(*meta);
        }
        return std::nullopt;
    }
    try {
        for (const auto& [prefix, dir] : sources.user.url_directories) {
            if (!prefix.empty() && uri.starts_with(prefix)) {
                return util::read_file(dir / percent_decode(uri.substr(prefix.size())));
            }
        }
        // The directory of the root's `$id` maps onto the root's own directory, so a schema set
        // with `$id`s under one base works from the embedded copy or from disk alike.
        if (const std::string dir = sources.root_id ? directory_of(*sources.root_id) : "";
            !dir.empty() && sources.root_uri != kInlineUri && uri.starts_with(dir)) {
            uri = directory_of(sources.root_uri) + uri.substr(dir.size());
        }
        if (uri.starts_with(kEmbeddedScheme)) {
            if (const auto text = util::find_embedded(uri.substr(kEmbeddedScheme.size()))) {
                return std::string(*text);
            }
            return std::nullopt;
        }
        if (uri.starts_with("file://")) {
            return util::read_file(percent_decode(std::string_view(uri).substr(7)));
        }
    } catch (const util::IoError&) {
        return std::nullopt;  // valijson reports the URI it could not fetch
    }
    return std::nullopt;
}

}  // namespace qa::json
