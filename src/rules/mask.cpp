#include "rules/mask.hpp"

#include <array>
#include <cmath>

namespace qa::rules {

std::string mask_secret(std::string_view secret) {
    std::size_t reveal = secret.size() >= 16 ? 4 : secret.size() >= 8 ? 2 : 0;
    for (std::size_t i = 0; i < reveal; ++i) {
        const unsigned char c = static_cast<unsigned char>(secret[i]);
        if (c < 0x21 || c > 0x7e) {
            reveal = 0;  // a multi-byte or control character: reveal nothing rather than half
            break;
        }
    }
    return std::string(secret.substr(0, reveal)) + "********(" + std::to_string(secret.size()) +
           ")";
}

std::string redact(std::string_view text, std::string_view secret) {
    if (secret.empty()) {
        return std::string(text);
    }
    const std::string masked = mask_secret(secret);
    std::string out;
    std::size_t pos = 0;
    for (std::size_t hit = text.find(secret); hit != std::string_view::npos;
         hit = text.find(secret, pos)) {
        out.append(text.substr(pos, hit - pos)).append(masked);
        pos = hit + secret.size();
    }
    out.append(text.substr(pos));
    return out;
}

std::string evidence_form(std::string_view secret) {
    if (static_cast<double>(secret.size()) * shannon_entropy(secret) >= kGuessableBits) {
        return std::string(secret);
    }
    // A prefix no secret can start with keeps the two forms apart.
    return "\x01masked:" + mask_secret(secret);
}

double shannon_entropy(std::string_view s) {
    if (s.empty()) {
        return 0.0;
    }
    std::array<std::size_t, 256> counts{};
    for (const char c : s) {
        ++counts[static_cast<unsigned char>(c)];
    }
    const double n = static_cast<double>(s.size());
    double bits = 0.0;
    for (const std::size_t count : counts) {
        if (count > 0) {
            const double p = static_cast<double>(count) / n;
            bits -= p * std::log2(p);
        }
    }
    return bits;
}

}  // namespace qa::rules
