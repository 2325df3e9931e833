#include "consistency/evidence.hpp"

#include <cctype>

namespace qa::consistency {

void Tally::add(bool ok, std::string_view item) {
    ++total;
    if (ok) {
        ++follows;
    } else if (exceptions.size() < rubric::kMaxExceptions) {
        exceptions.emplace_back(item);
    }
}

std::optional<Strength> strength(const Tally& t) {
    if ((t.total >= 10 && t.follows == t.total) ||
        (t.total >= 20 && t.follows * 100 >= t.total * 95)) {
        return Strength{contracts::Severity::medium, true};
    }
    if (t.total >= 5 && t.follows * 10 >= t.total * 9) {
        return Strength{contracts::Severity::low, false};
    }
    return std::nullopt;
}

std::string count_text(const Tally& t, std::string_view what) {
    return std::to_string(t.follows) + " of " + std::to_string(t.total) + " " + std::string(what);
}

std::optional<rubric::Rule> check_rule(std::string rule_id, std::string summary,
                                       rubric::Check check, const Tally& tally,
                                       std::string evidence_text) {
    const auto s = strength(tally);
    if (!s) {
        return std::nullopt;
    }
    rubric::Rule r;
    r.ruleId = std::move(rule_id);
    r.summary = std::move(summary);
    r.check = std::move(check);
    r.evidence =
        rubric::Evidence{tally.follows, tally.total, std::move(evidence_text), tally.exceptions};
    r.severity = s->severity;
    r.blocking = s->blocking;
    return r;
}

rubric::Rule guidance_rule(std::string rule_id, std::string summary, std::string guidance,
                           const Tally& tally, std::string evidence_text) {
    rubric::Rule r;
    r.ruleId = std::move(rule_id);
    r.summary = std::move(summary);
    r.guidance = std::move(guidance);
    r.evidence =
        rubric::Evidence{tally.follows, tally.total, std::move(evidence_text), tally.exceptions};
    r.severity = contracts::Severity::low;
    r.blocking = false;
    return r;
}

rubric::FileFacts facts(const TreeFile& file) {
    return rubric::FileFacts{file.path, file.language, file.kind == plan::FileKind::test};
}

Tally tally_files(const rubric::CheckEval& check, const Tree& tree) {
    Tally t;
    for (const auto& file : tree.files) {
        const rubric::FileFacts f = facts(file);
        if (!check.applies(f)) {
            continue;
        }
        t.add(!check.file_problem(f, file.text), file.path);
    }
    return t;
}

std::string id_part(std::string_view folder) {
    std::string out;
    for (const char c : folder) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) != 0) {
            out += static_cast<char>(std::tolower(u));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out.empty() ? "root" : out;
}

}  // namespace qa::consistency
