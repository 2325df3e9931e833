#include "contracts/finding_order.hpp"

#include <algorithm>
#include <functional>
#include <tuple>

namespace qa::contracts {
namespace {

int severity_rank(Severity s) {
    switch (s) {
        case Severity::critical:
            return 0;
        case Severity::high:
            return 1;
        case Severity::medium:
            return 2;
        case Severity::low:
            return 3;
        case Severity::info:
            return 4;
    }
    return 5;
}

}  // namespace

void sort_findings(std::vector<Finding>& findings) {
    std::sort(findings.begin(), findings.end(), [](const auto& a, const auto& b) {
        return std::make_tuple(severity_rank(a.severity), std::cref(a.lensId), std::cref(a.file),
                               a.startLine, std::cref(a.ruleId), std::cref(a.evidenceHash)) <
               std::make_tuple(severity_rank(b.severity), std::cref(b.lensId), std::cref(b.file),
                               b.startLine, std::cref(b.ruleId), std::cref(b.evidenceHash));
    });
}

}  // namespace qa::contracts
