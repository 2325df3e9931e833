#include "rules/keyword_index.hpp"

#include <algorithm>

#include "rules/text_search.hpp"

namespace qa::rules {
namespace {

unsigned char lower(unsigned char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c;
}

}  // namespace

void KeywordIndex::add(std::size_t rule, const std::vector<std::string>& keywords) {
    for (const std::string& keyword : keywords) {
        const auto it = std::find(keywords_.begin(), keywords_.end(), keyword);
        const auto index = static_cast<std::size_t>(it - keywords_.begin());
        if (it == keywords_.end()) {
            keywords_.push_back(keyword);
            rules_.emplace_back();
        }
        if (rules_[index].empty() || rules_[index].back() != rule) {
            rules_[index].push_back(rule);
        }
    }
}

void KeywordIndex::compile() {
    short_.clear();
    starts_.clear();
    pairs_.fill(0);
    for (std::size_t k = 0; k < keywords_.size(); ++k) {
        const std::string& keyword = keywords_[k];
        if (keyword.size() < 2) {
            short_.push_back(k);
            continue;
        }
        const std::uint16_t pair =
            pair_of(static_cast<unsigned char>(keyword[0]), static_cast<unsigned char>(keyword[1]));
        starts_.emplace_back(pair, static_cast<std::uint32_t>(k));
        pairs_[pair >> 6] |= std::uint64_t{1} << (pair & 63);
    }
    std::sort(starts_.begin(), starts_.end());
}

std::vector<std::size_t> KeywordIndex::rules_in(std::string_view text) const {
    std::vector<bool> found(keywords_.size(), false);
    for (const std::size_t k : short_) {
        found[k] = contains_lowercase(text, keywords_[k]);
    }
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const std::uint16_t pair = pair_of(lower(bytes[i]), lower(bytes[i + 1]));
        if ((pairs_[pair >> 6] >> (pair & 63) & 1) == 0) {
            continue;
        }
        const auto first = std::lower_bound(starts_.begin(), starts_.end(),
                                            std::pair<std::uint16_t, std::uint32_t>(pair, 0));
        for (auto it = first; it != starts_.end() && it->first == pair; ++it) {
            const std::string& keyword = keywords_[it->second];
            if (found[it->second] || keyword.size() > text.size() - i) {
                continue;
            }
            bool equal = true;
            for (std::size_t j = 2; j < keyword.size() && equal; ++j) {
                equal = lower(bytes[i + j]) == static_cast<unsigned char>(keyword[j]);
            }
            found[it->second] = equal;
        }
    }
    std::vector<bool> hit;
    for (std::size_t k = 0; k < keywords_.size(); ++k) {
        if (!found[k]) {
            continue;
        }
        for (const std::size_t rule : rules_[k]) {
            if (rule >= hit.size()) {
                hit.resize(rule + 1, false);
            }
            hit[rule] = true;
        }
    }
    std::vector<std::size_t> out;
    for (std::size_t rule = 0; rule < hit.size(); ++rule) {
        if (hit[rule]) {
            out.push_back(rule);
        }
    }
    return out;
}

}  // namespace qa::rules
