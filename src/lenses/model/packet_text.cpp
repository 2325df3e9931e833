#include "lenses/model/packet_text.hpp"

#include "util/utf8.hpp"

namespace qa::lenses::model {

std::string packet_text(std::string_view line) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(line.size());
    for (std::size_t at = 0; at < line.size();) {
        const std::size_t n = util::utf8_sequence_length(line, at);
        if (n > 0) {
            out.append(line.substr(at, n));
            at += n;
            continue;
        }
        const auto c = static_cast<unsigned char>(line[at]);
        out += "\\x";
        out += kHex[c >> 4U];
        out += kHex[c & 0xfU];
        ++at;
    }
    return out;
}

}  // namespace qa::lenses::model
