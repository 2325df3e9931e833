#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace qa::lenses::model {

/// What a masked value reads in the packet: the rest of the line stays, so the model sees that
/// a value was there and what it was assigned to.
inline constexpr std::string_view kMaskedValue = "[masked]";

/// One line of the text being masked, numbered as in the file.
struct NumberedLine {
    std::uint32_t number = 0;
    std::string_view text;
};

/// A line of which some values were masked: as it reads now, and why.
struct MaskedLine {
    std::string text;     ///< each masked value replaced by kMaskedValue
    bool byName = false;  ///< a credential-like name's value (else only random-looking ones)
};

/// The lines of which some values were masked.
struct MaskedValues {
    std::map<std::uint32_t, MaskedLine> lines;  ///< by line number
    std::size_t byName = 0;     ///< lines with a value of a credential-like name masked
    std::size_t byEntropy = 0;  ///< lines masked only for a random-looking value
};

/// Masks the values no credential rule names but a packet must not carry in clear:
/// - a literal (or, in a settings file, an unquoted value) assigned,
///   compared or passed to a credential-like name (credential_name()), of any length:
///   `db_pass_phrase = "..."`, `"api_tok": "..."`, `password: x`, `setenv("TOKEN", "...")`;
/// - a `name=value` pair of such a name inside a literal (`"host=db pw=hunter2"`, `?token=...`)
///   and the credential of an `Authorization: Bearer ...` header;
/// - a literal that looks_random(), also when split into pieces concatenated on one line or on
///   consecutive lines (`"ghp_abc" + "def..."`), and each random-looking word of a literal.
/// A value that is a reference or a placeholder (`$X`, `${X}`, `{x}`, `%s`, `<password>`,
/// `********`) is left as it is. Lines are given in file order; two lines join a concatenation
/// only when their numbers are consecutive. `settings_file`: the file holds `name=value` or
/// `name: value` settings with unquoted values (a configuration file: .env, YAML, INI, TOML,
/// properties; or a shell script), whose values and random-looking words are masked too.
MaskedValues mask_values(std::span<const NumberedLine> lines, bool settings_file);

/// Whether a changed file of this classify() kind and language is a settings file for
/// mask_values().
bool is_settings_file(std::string_view file_kind, std::string_view language);

}  // namespace qa::lenses::model
