#include "rules/scrub.hpp"

#include <vector>

#include "rules/mask.hpp"

namespace qa::rules {

std::string without_secrets(const RuleSet& credentials, std::string_view path,
                            std::string_view text) {
    std::string out(text);
    std::vector<std::string> secrets;
    for (const auto& m : credentials.scan(ScanInput{path, "", out, {}})) {
        if (m.secret) {
            secrets.emplace_back(*m.secret);
        }
    }
    for (const auto& secret : secrets) {
        out = redact(out, secret);
    }
    return out;
}

}  // namespace qa::rules
