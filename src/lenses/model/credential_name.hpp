#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace qa::lenses::model {

/// How surely a name (an identifier, a key, a flag, a header) names a credential, judged by its
/// words: `db_pass_phrase`, `apiKey`, `--password`, `X-Api-Token` split into lower-case words at
/// `_ - . $`, case changes and digits.
enum class CredentialName {
    none,
    /// A word only a credential is called by: password, passwd, passphrase, pass, pwd, pw,
    /// passcode, secret, credential(s), cred(s), apikey, or key after api, access, secret,
    /// private, signing, encryption, client, master, app, auth, shared, hmac, session, consumer.
    strong,
    /// A word that names a credential or a grammar's unit: token, tok, auth, authorization,
    /// bearer, cookie. A value that is one plain word (`"while"`, `"Bearer"`) is not masked.
    weak,
};

/// `name`'s words in lower case: split at every character that is not a letter or digit, where
/// a lower-case letter or digit meets an upper-case one (apiKey: api, key), before the last
/// capital of a capital run that goes on in lower case (HTTPServer: http, server), and between
/// letters and digits (sha256: sha, 256).
std::vector<std::string> name_words(std::string_view name);

/// The kind of `name`. A name whose last word says it holds something about a credential
/// rather than the credential (`password_prompt`, `token_type`, `secret_name`, `auth_url`,
/// `pass_count`) is none.
CredentialName credential_name(std::string_view name);

/// Whether `value` is one of the credential words itself (`"password"`, `"Token"`): a
/// placeholder or a label when it is a value, never the credential.
bool is_credential_word(std::string_view value);

}  // namespace qa::lenses::model
