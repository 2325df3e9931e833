#include "prepare/replay_input.hpp"

#include <array>
#include <utility>

#include "contracts/enums.hpp"
#include "json/canonical.hpp"
#include "util/error.hpp"

namespace qa::prepare {
namespace {

constexpr std::array<std::pair<git::FileStatus, std::string_view>, 6> kStatuses = {{
    {git::FileStatus::added, "added"},
    {git::FileStatus::modified, "modified"},
    {git::FileStatus::deleted, "deleted"},
    {git::FileStatus::renamed, "renamed"},
    {git::FileStatus::copied, "copied"},
    {git::FileStatus::typechange, "typechange"},
}};

json::Value optional_string(const std::optional<std::string>& s) {
    return s ? json::Value(*s) : json::Value();
}

json::Value strings(const std::vector<std::string>& list) {
    json::Array out;
    for (const auto& s : list) {
        out.emplace_back(s);
    }
    return out;
}

json::Value integer(std::uint64_t n) {
    return json::Value(static_cast<std::int64_t>(n));
}

json::Value stored_file(const StoredFile& f) {
    return json::Object{{"path", f.path}, {"blob", optional_string(f.blob)}, {"sha256", f.sha256}};
}

json::Value file_change(const git::FileChange& f) {
    json::Array hunks;
    hunks.reserve(f.hunks.size());
    for (const auto& h : f.hunks) {
        hunks.push_back(json::Array{integer(h.old_start), integer(h.old_lines),
                                    integer(h.new_start), integer(h.new_lines), integer(h.bytes),
                                    json::Value(h.blob), json::Value(h.commit)});
    }
    // Members emplaced, not list-initialized: an initializer list is copied, and a run of
    // 50,000 files holds every one of these objects at once.
    json::Object out;
    out.reserve(16);
    out.emplace_back("path", f.path);
    out.emplace_back("oldPath", f.old_path);
    out.emplace_back("status", std::string(git::to_string(f.status)));
    out.emplace_back("binary", f.binary);
    out.emplace_back("oldMode", integer(f.old_mode));
    out.emplace_back("newMode", integer(f.new_mode));
    out.emplace_back("oldOid", f.old_oid);
    out.emplace_back("newOid", f.new_oid);
    out.emplace_back("symlink", f.is_symlink);
    out.emplace_back("submodule", f.is_submodule);
    out.emplace_back("hunks", std::move(hunks));
    out.emplace_back("addedLines", integer(f.added_lines));
    out.emplace_back("removedLines", integer(f.removed_lines));
    out.emplace_back("allLinesAdded", f.all_lines_added);
    out.emplace_back("textEncoding", f.text_encoding);
    out.emplace_back("newSize", integer(f.new_size));
    return out;
}

/// Reads members of one object, naming the field of a member that is missing or mistyped.
class Reader {
  public:
    Reader(const json::Value& value, std::string where) : where_(std::move(where)) {
        if (!value.is_object()) {
            fail("");
        }
        value_ = &value;
    }
    const json::Value& at(std::string_view key) const {
        const json::Value* v = value_->find(key);
        if (v == nullptr) {
            fail(key);
        }
        return *v;
    }
    std::string string(std::string_view key) const {
        const auto& v = at(key);
        if (!v.is_string()) {
            fail(key);
        }
        return v.as_string();
    }
    std::optional<std::string> optional_string(std::string_view key) const {
        const auto& v = at(key);
        return v.is_null() ? std::nullopt : std::optional(string(key));
    }
    std::uint64_t count(std::string_view key) const {
        const auto& v = at(key);
        if (!v.is_integer() || v.as_integer() < 0) {
            fail(key);
        }
        return static_cast<std::uint64_t>(v.as_integer());
    }
    bool boolean(std::string_view key) const {
        const auto& v = at(key);
        if (!v.is_bool()) {
            fail(key);
        }
        return v.as_bool();
    }
    const json::Array& array(std::string_view key) const {
        const auto& v = at(key);
        if (!v.is_array()) {
            fail(key);
        }
        return v.as_array();
    }
    std::vector<std::string> strings(std::string_view key) const {
        std::vector<std::string> out;
        for (const auto& s : array(key)) {
            if (!s.is_string()) {
                fail(key);
            }
            out.push_back(s.as_string());
        }
        return out;
    }
    [[noreturn]] void fail(std::string_view key) const {
        throw util::InputError("replay.json: " + where_ +
                               (key.empty() ? "" : "/" + std::string(key)) +
                               ": missing or not of its type");
    }

  private:
    const json::Value* value_ = nullptr;
    std::string where_;
};

StoredFile stored_file_from(const json::Value& v, const std::string& where) {
    const Reader r(v, where);
    return StoredFile{r.string("path"), r.optional_string("blob"), r.string("sha256")};
}

git::FileChange file_change_from(const json::Value& v, const std::string& where) {
    const Reader r(v, where);
    git::FileChange f;
    f.path = r.string("path");
    f.old_path = r.string("oldPath");
    const std::string status = r.string("status");
    bool known = false;
    for (const auto& [value, name] : kStatuses) {
        if (name == status) {
            f.status = value;
            known = true;
        }
    }
    if (!known) {
        r.fail("status");
    }
    f.binary = r.boolean("binary");
    f.old_mode = static_cast<std::uint32_t>(r.count("oldMode"));
    f.new_mode = static_cast<std::uint32_t>(r.count("newMode"));
    f.old_oid = r.string("oldOid");
    f.new_oid = r.string("newOid");
    f.is_symlink = r.boolean("symlink");
    f.is_submodule = r.boolean("submodule");
    for (const auto& h : r.array("hunks")) {
        if (!h.is_array() || h.as_array().size() != 7) {
            r.fail("hunks");
        }
        const auto& a = h.as_array();
        for (std::size_t i = 0; i < 5; ++i) {
            if (!a[i].is_integer() || a[i].as_integer() < 0) {
                r.fail("hunks");
            }
        }
        if (!a[5].is_string() || !a[6].is_string()) {
            r.fail("hunks");
        }
        const auto u32 = [&](std::size_t i) {
            return static_cast<std::uint32_t>(a[i].as_integer());
        };
        f.hunks.push_back(git::Hunk{u32(0), u32(1), u32(2), u32(3),
                                    static_cast<std::uint64_t>(a[4].as_integer()), a[5].as_string(),
                                    a[6].as_string()});
    }
    f.added_lines = r.count("addedLines");
    f.removed_lines = r.count("removedLines");
    f.all_lines_added = r.boolean("allLinesAdded");
    f.text_encoding = r.string("textEncoding");
    f.new_size = r.count("newSize");
    return f;
}

}  // namespace

namespace {

/// The replay input as a JSON object, but for the change set's file list ("files" empty).
json::Object object_without_files(const ReplayInput& in) {
    json::Array rules_files;
    for (const auto& f : in.rulesFiles) {
        rules_files.push_back(stored_file(f));
    }
    json::Object changes{{"base", in.target.changes.base},
                         {"head", in.target.changes.head},
                         {"earlierCommits", in.target.changes.earlier_commits},
                         {"messages", in.target.changes.messages},
                         {"files", json::Array()}};
    json::Array gate;
    for (const auto& g : in.gateChanges) {
        json::Object change{
            {"file", g.file}, {"line", g.line}, {"key", g.key}, {"summary", g.summary}};
        if (g.shownAs) {
            change.emplace_back("shownAs", *g.shownAs);  // only then: older files stay equal
        }
        gate.emplace_back(std::move(change));
    }
    json::Object out{
        {"schemaVersion", "replay-input.v1"},
        {"configSource", in.configSource},
        {"config", in.config ? stored_file(*in.config) : json::Value()},
        {"runModeOverride",
         in.runModeOverride ? json::Value(std::string(contracts::to_string(*in.runModeOverride)))
                            : json::Value()},
        {"rulesFiles", std::move(rules_files)},
        {"rubric", in.rubric ? stored_file(*in.rubric) : json::Value()},
        {"repoId", in.repoId},
        {"target",
         json::Object{
             {"label", in.target.label},
             {"baseRef", optional_string(in.target.baseRef)},
             {"headRef", in.target.headRef},
             {"baseRefCodes", strings(in.target.baseRefCodes)},
             {"lensIds", in.target.lensIds ? strings(*in.target.lensIds) : json::Value()},
             {"blameCommits", in.target.blameCommits},
             {"wholeHistory", in.target.wholeHistory},
         }},
        {"tree", json::Object{{"commit", optional_string(in.tree.commit)},
                              {"earlierCommits", in.tree.earlierCommits},
                              {"messages", in.tree.messages}}},
        {"baseline", json::Object{{"source", optional_string(in.baselineSource)},
                                  {"blob", optional_string(in.baselineBlob)}}},
        {"gateChanges", std::move(gate)},
    };
    out.emplace_back("changes", std::move(changes));
    out.emplace_back("providerAnswers", strings(in.providerAnswers));
    out.emplace_back("executionUntrusted", optional_string(in.executionUntrusted));
    return out;
}

}  // namespace

std::string to_canonical_text(const ReplayInput& in, std::span<const git::FileChange> files) {
    std::vector<std::pair<std::string, std::string>> members;
    for (const auto& [key, value] : object_without_files(in)) {
        if (key != "changes") {
            members.emplace_back(key, json::canonical(value));
            continue;
        }
        std::vector<std::pair<std::string, std::string>> changes;
        for (const auto& [member, v] : value.as_object()) {
            if (member != "files") {
                changes.emplace_back(member, json::canonical(v));
                continue;
            }
            std::string list = "[";
            for (std::size_t i = 0; i < files.size(); ++i) {
                list += i == 0 ? "" : ",";
                json::append_canonical(file_change(files[i]), list);
            }
            changes.emplace_back(member, list + "]");
        }
        members.emplace_back(key, json::canonical_object(std::move(changes)));
    }
    return json::canonical_object(std::move(members));
}

ReplayInput replay_input_from_json(const json::Value& value) {
    const Reader r(value, "");
    if (r.string("schemaVersion") != "replay-input.v1") {
        r.fail("schemaVersion");
    }
    ReplayInput in;
    in.configSource = r.string("configSource");
    if (!r.at("config").is_null()) {
        in.config = stored_file_from(r.at("config"), "config");
    }
    if (const auto mode = r.optional_string("runModeOverride")) {
        in.runModeOverride = contracts::enum_from_string<contracts::RunMode>(*mode);
        if (!in.runModeOverride) {
            r.fail("runModeOverride");
        }
    }
    for (const auto& f : r.array("rulesFiles")) {
        in.rulesFiles.push_back(stored_file_from(f, "rulesFiles"));
    }
    if (!r.at("rubric").is_null()) {
        in.rubric = stored_file_from(r.at("rubric"), "rubric");
    }
    in.repoId = r.string("repoId");
    const Reader target(r.at("target"), "target");
    in.target.label = target.string("label");
    in.target.baseRef = target.optional_string("baseRef");
    in.target.headRef = target.string("headRef");
    in.target.baseRefCodes = target.strings("baseRefCodes");
    if (!target.at("lensIds").is_null()) {
        in.target.lensIds = target.strings("lensIds");
    }
    in.target.blameCommits = target.boolean("blameCommits");
    in.target.wholeHistory = target.boolean("wholeHistory");
    const Reader tree(r.at("tree"), "tree");
    in.tree.commit = tree.optional_string("commit");
    in.tree.earlierCommits = tree.boolean("earlierCommits");
    in.tree.messages = tree.boolean("messages");
    const Reader baseline(r.at("baseline"), "baseline");
    in.baselineSource = baseline.optional_string("source");
    in.baselineBlob = baseline.optional_string("blob");
    for (const auto& g : r.array("gateChanges")) {
        const Reader gr(g, "gateChanges");
        const json::Value* shown = g.find("shownAs");
        in.gateChanges.push_back(input::GateChange{
            gr.string("file"), static_cast<std::int64_t>(gr.count("line")), gr.string("key"),
            gr.string("summary"),
            shown != nullptr && shown->is_string() ? std::optional(shown->as_string())
                                                   : std::nullopt});
    }
    const Reader changes(r.at("changes"), "changes");
    in.target.changes.base = changes.string("base");
    in.target.changes.head = changes.string("head");
    in.target.changes.earlier_commits = changes.boolean("earlierCommits");
    in.target.changes.messages = changes.boolean("messages");
    for (const auto& f : changes.array("files")) {
        in.target.changes.files.push_back(file_change_from(f, "changes/files"));
    }
    in.providerAnswers = r.strings("providerAnswers");
    in.executionUntrusted = r.optional_string("executionUntrusted");
    return in;
}

}  // namespace qa::prepare
