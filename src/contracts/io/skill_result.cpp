// SkillResult: a run's plans, results and verdict.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const SkillResult& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"executionKey", v.executionKey},
        {"normalizedInputHash", v.normalizedInputHash},
        {"lensPlans", io::objects(v.lensPlans)},
        {"lensResults", io::objects(v.lensResults)},
        {"finalVerdict", to_json(v.finalVerdict)},
    };
}

SkillResult io::read_skill_result(const Field& f) {
    const Members m(f, "SkillResult",
                    {"schemaVersion", "executionKey", "normalizedInputHash", "lensPlans",
                     "lensResults", "finalVerdict"});
    SkillResult v;
    v.schemaVersion = read_literal(m["schemaVersion"], kSkillResultV1);
    v.executionKey = read_hash(m["executionKey"]);
    v.normalizedInputHash = read_hash(m["normalizedInputHash"]);
    v.lensPlans = read_array(m["lensPlans"], read_lens_plan);
    v.lensResults = read_array(m["lensResults"], read_lens_result);
    v.finalVerdict = read_final_verdict(m["finalVerdict"]);
    return v;
}

}  // namespace qa::contracts
