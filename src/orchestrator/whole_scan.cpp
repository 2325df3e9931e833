#include "orchestrator/whole_scan.hpp"

#include "contracts/enums.hpp"

namespace qa::orchestrator {

WholeScan whole_scan_of(const RunReport& report) {
    WholeScan scan;
    for (const auto& run : report.runs) {
        for (const auto code : run.plan.codes) {
            if (code == contracts::ErrorCode::DIFF_TOO_LARGE) {
                scan.incomplete.push_back("files left out: DIFF_TOO_LARGE");
            }
        }
        for (const auto& result : run.result.lensResults) {
            const std::string id =
                result.subLensId ? result.lensId + "/" + *result.subLensId : result.lensId;
            if (result.status != contracts::LensStatus::completed || result.degraded) {
                std::string codes;
                for (const auto c : result.errorCodes) {
                    codes += " " + std::string(contracts::to_string(c));
                }
                for (const auto c : result.warningCodes) {
                    codes += " " + std::string(contracts::to_string(c));
                }
                scan.incomplete.push_back("lens " + id + " " +
                                          std::string(contracts::to_string(result.status)) +
                                          (result.degraded ? " (degraded)" : "") + codes);
            }
            scan.findings.insert(scan.findings.end(), result.findings.begin(),
                                 result.findings.end());
        }
        for (const auto& id : run.result.finalVerdict.missingRequiredLensIds) {
            scan.incomplete.push_back("required lens did not run: " + id);
        }
    }
    return scan;
}

}  // namespace qa::orchestrator
