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

json::Value document(const std::vector<Entry>& entries) {
    json::Array list;
    list.reserve(entries.size());
    for (const auto& e : entries) {
        list.push_back(entry_json(e));
    }
    return json::Object{{"schemaVersion", std::string(kSchemaVersion)},
                        {"entries", std::move(list)}};
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

Baseline::Baseline(std::vector<Entry> sorted_unique) : entries_(std::move(sorted_unique)) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        by_fingerprint_.emplace(entries_[i].fingerprint, i);
    }
}

Baseline Baseline::from_findings(const std::vector<contracts::Finding>& findings) {
    std::map<std::string, Entry, std::less<>> unique;
    for (const auto& f : findings) {
        Entry e{fingerprint(f), f.ruleId, f.file, f.summary};
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
    return Baseline(std::move(entries));
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
    // Hand edits may leave any order; the baseline itself is always sorted.
    std::sort(entries.begin(), entries.end(), entry_less);
    return Baseline(std::move(entries));
}

const Entry* Baseline::find(std::string_view fingerprint) const {
    const auto it = by_fingerprint_.find(fingerprint);
    return it == by_fingerprint_.end() ? nullptr : &entries_[it->second];
}

std::string Baseline::render() const {
    if (entries_.empty()) {
        return json::canonical(document(entries_)) + "\n";
    }
    // Canonical JSON of the whole document, with line breaks added only between array items:
    // members sort as "entries" < "schemaVersion", so the entries open the document.
    std::string out = "{\"entries\":[\n";
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        out += json::canonical(entry_json(entries_[i]));
        out += i + 1 < entries_.size() ? ",\n" : "\n";
    }
    out +=
        "],\"schemaVersion\":" + json::canonical(json::Value(std::string(kSchemaVersion))) + "}\n";
    return out;
}

std::string Baseline::digest() const {
    return util::sha256_hex(json::canonical(document(entries_)));
}

}  // namespace qa::baseline
