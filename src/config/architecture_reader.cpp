#include "config/architecture_reader.hpp"

#include "config/settings_reader.hpp"

namespace qa::config {

void read_architecture(util::TomlReader& r, Config& config) {
    if (const toml::node* node = r.get("layers")) {
        if (!node->is_array_of_tables()) {
            r.wrong_type(*node, "layers", "an array of tables ([[architecture.layers]])");
        }
        for (const toml::node& item : *node->as_array()) {
            util::TomlReader layer = r.nested(*item.as_table(), r.full_key("layers"));
            settings::LayerRule rule;
            assign(layer.string("name"), rule.name);
            rule.from = util::values_of(layer.strings("from"));
            rule.deny = util::values_of(layer.strings("deny"));
            if (rule.from.empty() || rule.deny.empty()) {
                layer.fail_at(item.source(), r.full_key("layers"),
                              "a layer rule needs non-empty \"from\" and \"deny\" globs");
            }
            layer.reject_unknown();
            config.layers.push_back(std::move(rule));
        }
    }
    r.reject_unknown();
}

}  // namespace qa::config
