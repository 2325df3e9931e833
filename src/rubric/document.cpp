#include "rubric/document.hpp"

#include <re2/re2.h>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/pretty.hpp"
#include "json/schema_validator.hpp"
#include "util/sha256.hpp"

namespace qa::rubric {
namespace {

json::Array strings(const std::vector<std::string>& items) {
    return json::Array(items.begin(), items.end());
}

json::Value check_json(const Check& c) {
    json::Object o{{"kind", std::string(to_string(c.kind))}};
    const auto add = [&o](const char* key, const std::string& value) {
        if (!value.empty()) {
            o.emplace_back(key, value);
        }
    };
    add("scope", c.scope);
    if (!c.languages.empty()) {
        o.emplace_back("languages", strings(c.languages));
    }
    if (!c.extensions.empty()) {
        o.emplace_back("extensions", strings(c.extensions));
    }
    add("pattern", c.pattern);
    add("declaration", c.declaration);
    add("exempt", c.exempt);
    add("text", c.text);
    if (c.limit != 0) {
        o.emplace_back("limit", c.limit);
    }
    add("prefix", c.prefix);
    add("sourceRoot", c.sourceRoot);
    if (c.kind == CheckKind::test_mirror) {
        o.emplace_back("folders", strings(c.folders));
    }
    return o;
}

json::Value rule_json(const Rule& r) {
    return json::Object{
        {"ruleId", r.ruleId},
        {"summary", r.summary},
        {"check", r.check ? check_json(*r.check) : json::Value(nullptr)},
        {"guidance", r.guidance},
        {"evidence", json::Object{{"follows", r.evidence.follows},
                                  {"total", r.evidence.total},
                                  {"text", r.evidence.text},
                                  {"exceptions", strings(r.evidence.exceptions)}}},
        {"severity", std::string(contracts::to_string(r.severity))},
        {"blocking", r.blocking},
    };
}

const std::string& str(const json::Value& o, std::string_view key) {
    static const std::string kEmpty;
    const json::Value* v = o.find(key);
    return v != nullptr && v->is_string() ? v->as_string() : kEmpty;
}

std::vector<std::string> str_list(const json::Value& o, std::string_view key) {
    std::vector<std::string> out;
    if (const json::Value* v = o.find(key); v != nullptr && v->is_array()) {
        for (const auto& item : v->as_array()) {
            out.push_back(item.as_string());
        }
    }
    return out;
}

std::int64_t integer(const json::Value& o, std::string_view key) {
    const json::Value* v = o.find(key);
    return v != nullptr && v->is_integer() ? v->as_integer() : 0;
}

/// What a check of `kind` cannot run without; "" when it has it all.
std::string missing_field(const Check& c) {
    switch (c.kind) {
        case CheckKind::path_case:
        case CheckKind::forbidden_line:
            return c.pattern.empty() ? "pattern" : "";
        case CheckKind::declaration_case:
            return c.pattern.empty() ? "pattern" : c.declaration.empty() ? "declaration" : "";
        case CheckKind::max_line_length:
            return c.limit <= 0 ? "limit" : "";
        case CheckKind::required_header:
            return c.text.empty() ? "text" : "";
        case CheckKind::namespace_folder:
        case CheckKind::test_location:
        case CheckKind::test_mirror:
            return c.scope.empty() ? "scope" : "";
    }
    return "";
}

Check read_check(const json::Value& o, const std::string& where) {
    Check c;
    c.kind = *check_kind_from(str(o, "kind"));  // the schema admits known kinds only
    c.scope = str(o, "scope");
    c.languages = str_list(o, "languages");
    c.extensions = str_list(o, "extensions");
    c.pattern = str(o, "pattern");
    c.declaration = str(o, "declaration");
    c.exempt = str(o, "exempt");
    c.text = str(o, "text");
    c.limit = integer(o, "limit");
    c.prefix = str(o, "prefix");
    c.sourceRoot = str(o, "sourceRoot");
    c.folders = str_list(o, "folders");
    if (const std::string field = missing_field(c); !field.empty()) {
        throw RubricError(where + ": a " + std::string(to_string(c.kind)) + " check needs `" +
                          field + "`");
    }
    for (const std::string* re : {&c.pattern, &c.declaration, &c.exempt}) {
        if (re->empty()) {
            continue;
        }
        const RE2 compiled(*re, RE2::Quiet);
        if (!compiled.ok()) {
            throw RubricError(where + ": invalid pattern '" + *re + "': " + compiled.error());
        }
    }
    if (c.kind == CheckKind::declaration_case && RE2(c.declaration).NumberOfCapturingGroups() < 1) {
        throw RubricError(where + ": `declaration` must capture the name in a group");
    }
    return c;
}

Rubric from_json(const json::Value& doc, const std::string& source) {
    Rubric r;
    r.status = str(doc, "status") == "frozen" ? Status::frozen : Status::draft;
    r.rubricVersion = integer(doc, "rubricVersion");
    r.revision = str(*doc.find("source"), "revision");
    r.filesExamined = integer(*doc.find("source"), "filesExamined");
    r.exemplarRule = str(doc, "exemplarRule");
    r.promptTemplate = str(doc, "promptTemplate");
    r.promptTemplateHash = str(doc, "promptTemplateHash");
    for (const auto& item : doc.find("rules")->as_array()) {
        Rule rule;
        rule.ruleId = str(item, "ruleId");
        rule.summary = str(item, "summary");
        if (const json::Value* check = item.find("check"); check != nullptr && check->is_object()) {
            rule.check = read_check(*check, source + ": rules[" + rule.ruleId + "].check");
        }
        rule.guidance = str(item, "guidance");
        const json::Value& e = *item.find("evidence");
        rule.evidence.follows = integer(e, "follows");
        rule.evidence.total = integer(e, "total");
        rule.evidence.text = str(e, "text");
        rule.evidence.exceptions = str_list(e, "exceptions");
        rule.severity = *contracts::enum_from_string<contracts::Severity>(str(item, "severity"));
        rule.blocking = item.find("blocking")->as_bool();
        r.rules.push_back(std::move(rule));
    }
    for (const auto& item : doc.find("exemplars")->as_array()) {
        r.exemplars.push_back(Exemplar{str(item, "path"), str(item, "blob"), str(item, "language"),
                                       str(item, "reason"), str(item, "text")});
    }
    return r;
}

}  // namespace

std::string_view to_string(Status status) {
    return status == Status::frozen ? "frozen" : "draft";
}

std::string_view to_string(CheckKind kind) {
    switch (kind) {
        case CheckKind::path_case:
            return "path-case";
        case CheckKind::declaration_case:
            return "declaration-case";
        case CheckKind::forbidden_line:
            return "forbidden-line";
        case CheckKind::max_line_length:
            return "max-line-length";
        case CheckKind::required_header:
            return "required-header";
        case CheckKind::namespace_folder:
            return "namespace-folder";
        case CheckKind::test_location:
            return "test-location";
        case CheckKind::test_mirror:
            return "test-mirror";
    }
    return "forbidden-line";
}

std::optional<CheckKind> check_kind_from(std::string_view text) {
    for (const CheckKind k :
         {CheckKind::path_case, CheckKind::declaration_case, CheckKind::forbidden_line,
          CheckKind::max_line_length, CheckKind::required_header, CheckKind::namespace_folder,
          CheckKind::test_location, CheckKind::test_mirror}) {
        if (to_string(k) == text) {
            return k;
        }
    }
    return std::nullopt;
}

json::Value to_json_without_hash(const Rubric& r) {
    json::Array rules;
    for (const auto& rule : r.rules) {
        rules.push_back(rule_json(rule));
    }
    json::Array exemplars;
    for (const auto& e : r.exemplars) {
        exemplars.push_back(json::Object{{"path", e.path},
                                         {"blob", e.blob},
                                         {"language", e.language},
                                         {"reason", e.reason},
                                         {"text", e.text}});
    }
    return json::Object{
        {"schemaVersion", std::string(kSchemaVersion)},
        {"status", std::string(to_string(r.status))},
        {"rubricVersion", r.rubricVersion},
        {"source", json::Object{{"revision", r.revision}, {"filesExamined", r.filesExamined}}},
        {"rules", std::move(rules)},
        {"exemplarRule", r.exemplarRule},
        {"exemplars", std::move(exemplars)},
        {"promptTemplate", r.promptTemplate},
        {"promptTemplateHash", r.promptTemplateHash},
    };
}

std::string rubric_hash(const Rubric& rubric) {
    return util::sha256_hex(json::canonical(to_json_without_hash(rubric)));
}

std::string render(const Rubric& rubric) {
    json::Value doc = to_json_without_hash(rubric);
    doc.as_object().emplace_back("rubricHash", rubric_hash(rubric));
    return json::pretty(doc);
}

Rubric parse(std::string_view text, const std::string& source, Integrity integrity) {
    json::Value doc;
    try {
        doc = json::parse(text);
    } catch (const json::Error& e) {
        throw RubricError(source + ": not JSON: " + e.what());
    }
    static const json::SchemaValidator validator =
        json::SchemaValidator::embedded("consistency-rubric.v1");
    if (const auto errors = validator.validate(doc); !errors.empty()) {
        throw RubricError(source + ": " + errors.front().pointer + ": " + errors.front().message);
    }
    Rubric rubric = from_json(doc, source);
    if (integrity == Integrity::reread) {
        return rubric;
    }
    const std::string recorded = doc.find("rubricHash")->as_string();
    if (rubric_hash(rubric) != recorded) {
        throw RubricError(source + ": its content no longer matches its rubricHash " + recorded +
                          " (the file was edited after it was written; write a new version "
                          "with `qa-skill consistency-init` instead)");
    }
    if (util::sha256_hex(rubric.promptTemplate) != rubric.promptTemplateHash) {
        throw RubricError(source + ": its promptTemplate no longer matches promptTemplateHash");
    }
    if (render(rubric) != text) {
        throw RubricError(source + ": its bytes differ from the form qa-skill wrote (rubricHash " +
                          recorded + "); restore the file as written");
    }
    return rubric;
}

}  // namespace qa::rubric
