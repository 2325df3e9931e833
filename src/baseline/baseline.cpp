#include "baseline/baseline.hpp"

#include <algorithm>
#include <tuple>

#include "baseline/fingerprint.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "util/sha256.hpp"

namespace qa::baseline {
namespace {

bool entry_less(const Entry& a, const Entry& b) {
    return std::tie(a.path, a.ruleId, a.fingerprint) < std::tie(b.path, b.ruleId, b.fingerprint);
}

json::Value entry_json(const Entry& e) {
    json::Object o{{"fingerprint", e.fingerprint}, {"ruleId", e.ruleId}, {"path", e.path}};
    if (e.note) {
        o.emplace_back("note", *e.note);
    }
    return o;
}

json::Value keying_json(const Keying& k) {
    return json::Object{{"algorithm", std::string(kKeyingAlgorithm)},
                        {"iterations", k.iterations},
                        {"salt", k.salt}};
}

json::Value document(const std::vector<Entry>& entries, const std::optional<Keying>& keying) {
    json::Array list;
    list.reserve(entries.size());
    for (const auto& e : entries) {
        list.push_back(entry_json(e));
    }
    json::Object doc{{"schemaVersion", std::string(kSchemaVersion)}, {"entries", std::move(list)}};
    if (keying) {
        doc.emplace_back("fingerprints", keying_json(*keying));
    }
    return doc;
}

std::string rule_path(std::string_view rule_id, std::string_view path) {
    std::string key(rule_id);
    key.push_back('\0');
    key.append(path);
    return key;
}

/// What a json::Error says without its pointer: BaselineError puts the pointer in front itself.
std::string problem_of(const json::Error& e) {
    std::string what = e.what();
    const std::string prefix = e.pointer() + ": ";
    if (!e.pointer().empty() && what.starts_with(prefix)) {
        what.erase(0, prefix.size());
    }
    return what;
}

}  // namespace

BaselineError::BaselineError(std::string file, std::string pointer, const std::string& problem)
    : util::IoError(file + ": " + (pointer.empty() ? "(root)" : pointer) + ": " + problem),
      file_(std::move(file)),
      pointer_(std::move(pointer)) {}

Baseline::Baseline(std::vector<Entry> sorted_unique, std::optional<Keying> keying)
    : entries_(std::move(sorted_unique)), keying_(std::move(keying)) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        by_fingerprint_.emplace(entries_[i].fingerprint, i);
        rule_paths_.insert(rule_path(entries_[i].ruleId, entries_[i].path));
    }
}

Baseline Baseline::from_findings(const std::vector<contracts::Finding>& findings,
                                 const ExactKeys& keys, const std::optional<Keying>& keying) {
    std::map<std::string, Entry, std::less<>> unique;
    std::map<std::string, std::string, std::less<>> computed;  // one PBKDF2 per content
    for (const auto& f : findings) {
        std::string fp;
        if (keying) {
            const std::string content =
                rule_path(f.ruleId, f.file) + '\0' + std::string(exact_of(f, keys));
            auto it = computed.find(content);
            if (it == computed.end()) {
                it = computed
                         .emplace(content,
                                  slow_fingerprint(*keying, f.ruleId, f.file, exact_of(f, keys)))
                         .first;
            }
            fp = it->second;
        } else {
            fp = fingerprint(f);
        }
        Entry e{std::move(fp), f.ruleId, f.file, f.summary};
        auto [it, inserted] = unique.try_emplace(e.fingerprint, e);
        // The same content twice in a file (one fingerprint): keep the smallest note, so the
        // result does not depend on the order findings arrive in.
        if (!inserted && e.note < it->second.note) {
            it->second.note = e.note;
        }
    }
    std::vector<Entry> entries;
    entries.reserve(unique.size());
    for (auto& [fp, e] : unique) {
        entries.push_back(std::move(e));
    }
    std::sort(entries.begin(), entries.end(), entry_less);
    return Baseline(std::move(entries), keying);
}

Baseline Baseline::parse(std::string_view text, const std::string& source) {
    json::Value doc;
    try {
        doc = json::parse(text);
    } catch (const json::Error& e) {
        const std::string problem = problem_of(e);
        throw BaselineError(
            source, e.pointer(),
            problem.starts_with("not valid JSON") ? problem : "not valid JSON: " + problem);
    }
    std::vector<json::ValidationError> errors;
    try {
        errors = json::SchemaValidator::embedded(std::string(kSchemaVersion)).validate(doc);
    } catch (const json::Error& e) {
        // JSON that parses but has no canonical form, such as a member named twice: the file is
        // bad input (exit 2), not an internal error.
        throw BaselineError(source, e.pointer(), problem_of(e));
    }
    if (!errors.empty()) {
        throw BaselineError(source, errors.front().pointer, errors.front().message);
    }
    std::vector<Entry> entries;
    std::map<std::string, std::size_t, std::less<>> seen;
    const auto& list = doc.find("entries")->as_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json::Value& item = list[i];
        Entry e;
        e.fingerprint = item.find("fingerprint")->as_string();
        e.ruleId = item.find("ruleId")->as_string();
        e.path = item.find("path")->as_string();
        if (const json::Value* note = item.find("note")) {
            e.note = note->as_string();
        }
        const auto [it, inserted] = seen.emplace(e.fingerprint, i);
        if (!inserted) {
            throw BaselineError(source, "/entries/" + std::to_string(i) + "/fingerprint",
                                "the same fingerprint as /entries/" + std::to_string(it->second));
        }
        entries.push_back(std::move(e));
    }
    std::optional<Keying> keying;
    if (const json::Value* k = doc.find("fingerprints")) {
        keying = Keying{k->find("salt")->as_string(), k->find("iterations")->as_integer()};
    }
    // Hand edits may leave any order; the baseline itself is always sorted.
    std::sort(entries.begin(), entries.end(), entry_less);
    return Baseline(std::move(entries), std::move(keying));
}

const Entry* Baseline::match(const contracts::Finding& finding, const ExactKeys& keys) const {
    if (entries_.empty()) {
        return nullptr;
    }
    if (!keying_) {
        return keys.count(finding.findingId) > 0 ? nullptr : find(fingerprint(finding));
    }
    if (rule_paths_.count(rule_path(finding.ruleId, finding.file)) == 0) {
        return nullptr;  // no entry for this rule and file: no PBKDF2 to pay
    }
    return find(slow_fingerprint(*keying_, finding.ruleId, finding.file, exact_of(finding, keys)));
}

bool Baseline::unverifiable(const contracts::Finding& finding, const ExactKeys& keys) const {
    return !keying_ && keys.count(finding.findingId) > 0 && find(fingerprint(finding)) != nullptr;
}

const Entry* Baseline::find(std::string_view fingerprint) const {
    const auto it = by_fingerprint_.find(fingerprint);
    return it == by_fingerprint_.end() ? nullptr : &entries_[it->second];
}

std::string Baseline::render() const {
    if (entries_.empty()) {
        return json::canonical(document(entries_, keying_)) + "\n";
    }
    // Canonical JSON of the whole document, with line breaks added only between array items:
    // members sort as "entries" < "schemaVersion", so the entries open the document.
    std::string out = "{\"entries\":[\n";
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        out += json::canonical(entry_json(entries_[i]));
        out += i + 1 < entries_.size() ? ",\n" : "\n";
    }
    // Then "fingerprints" (when the file has a keying) < "schemaVersion".
    out += "]";
    if (keying_) {
        out += ",\"fingerprints\":" + json::canonical(keying_json(*keying_));
    }
    out +=
        ",\"schemaVersion\":" + json::canonical(json::Value(std::string(kSchemaVersion))) + "}\n";
    return out;
}

std::string Baseline::digest() const {
    return util::sha256_hex(json::canonical(document(entries_, keying_)));
}

}  // namespace qa::baseline
