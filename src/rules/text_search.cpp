#include "rules/text_search.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qa::rules {
namespace {

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool is_lower_letter(char c) {
    return c >= 'a' && c <= 'z';
}

/// Whether `at` holds `needle` (lowercase), ignoring ASCII case.
bool equal_lowercase(const char* at, std::string_view needle) {
    for (std::size_t i = 0; i < needle.size(); ++i) {
        if (lower(at[i]) != needle[i]) {
            return false;
        }
    }
    return true;
}

/// The first offset in [at, last) where `needle` starts, one byte at a time.
const char* find_bytewise(const char* at, const char* last, std::string_view needle) {
    for (; at < last; ++at) {
        if (equal_lowercase(at, needle)) {
            return at;
        }
    }
    return nullptr;
}

#if defined(__SSE2__)
/// The same, 16 positions at a time: a position is a candidate when its byte and the byte
/// needle.size() - 1 further both match (a letter of the needle in either case), and only
/// candidates are compared whole. Keyword lines are searched over whole files, per keyword:
/// the first letter alone ('s' of "secret", 'p' of "password") is on every other line of code.
const char* find_sse2(const char* at, const char* last, std::string_view needle) {
    const char first = needle.front();
    const char final = needle.back();
    const std::size_t span = needle.size() - 1;
    const __m128i want_first = _mm_set1_epi8(first);
    const __m128i want_final = _mm_set1_epi8(final);
    // OR-ing 0x20 lowercases an ASCII letter; only where the needle has a letter, so that
    // '_' (0x5f) never equals DEL (0x7f).
    const __m128i fold_first = _mm_set1_epi8(is_lower_letter(first) ? 0x20 : 0);
    const __m128i fold_final = _mm_set1_epi8(is_lower_letter(final) ? 0x20 : 0);
    while (last - at >= 16) {
        const __m128i a =
            _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at)), fold_first);
        const __m128i b =
            _mm_or_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at + span)), fold_final);
        auto mask = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(a, want_first), _mm_cmpeq_epi8(b, want_final))));
        while (mask != 0) {
            const char* candidate = at + __builtin_ctz(mask);
            if (equal_lowercase(candidate, needle)) {
                return candidate;
            }
            mask &= mask - 1;
        }
        at += 16;
    }
    return find_bytewise(at, last, needle);
}
#endif

}  // namespace

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return out;
}

std::size_t find_lowercase(std::string_view haystack, std::string_view needle, std::size_t from) {
    if (from > haystack.size() || haystack.size() - from < needle.size()) {
        return std::string_view::npos;
    }
    if (needle.empty()) {
        return from;
    }
    // `last` is one past the last offset where the needle fits: every read stays inside.
    const char* const last = haystack.data() + (haystack.size() - needle.size()) + 1;
#if defined(__SSE2__)
    const char* hit = find_sse2(haystack.data() + from, last, needle);
#else
    const char* hit = find_bytewise(haystack.data() + from, last, needle);
#endif
    return hit == nullptr ? std::string_view::npos
                          : static_cast<std::size_t>(hit - haystack.data());
}

bool contains_lowercase(std::string_view haystack, std::string_view needle) {
    return find_lowercase(haystack, needle) != std::string_view::npos;
}

bool contains_any(std::string_view haystack, const std::vector<std::string>& needles) {
    return std::any_of(needles.begin(), needles.end(),
                       [&](const std::string& n) { return contains_lowercase(haystack, n); });
}

}  // namespace qa::rules
