#include <catch2/catch.hpp>

#include "skill_test_support.hpp"
#include "skills/chain.hpp"

namespace {

qa::skills::ChainReport check(const char* chain) {
    const auto root = qa::test::skill_fixtures();
    return qa::skills::check_chain(root / "chains" / chain, {root / "seed"});
}

}  // namespace

TEST_CASE("seed 001 example 3: the chain passes the compatibility check", "[skills][chain]") {
    const auto report = check("example3.yaml");
    INFO(qa::skills::render_yaml(report.errors));
    CHECK(report.errors.empty());
    CHECK(report.links ==
          std::vector<std::string>{
              "$memory.entities (object[]) -> ai-orchestration-prompt-engineering.context "
              "(object): via array access",
              "$prompt.prompt (string) -> failure-engineering.system_description (string): direct "
              "pass"});
}

TEST_CASE("an object feeding a number fails with the seed's message", "[skills][chain]") {
    const auto report = check("object-into-number.yaml");
    REQUIRE(report.errors.size() == 1);
    const std::string message =
        "Chain incompatibility: brain-memory-kb.index cannot feed number-consumer.budget";
    CHECK(report.messages == std::vector<std::string>{message});
    CHECK(report.errors[0].check == message);
    CHECK(report.errors[0].phase == "chain");
    CHECK(report.errors[0].actual == "brain-memory-kb.index is object");
    CHECK(report.errors[0].location.ends_with("object-into-number.yaml:9:15"));
}

TEST_CASE("the seed's chain definition: a bare list, [N] and a member access", "[skills][chain]") {
    const auto report = check("seed-chain-definition.yaml");
    INFO(qa::skills::render_yaml(report.errors));
    CHECK(report.errors.empty());
    REQUIRE(report.links.size() == 1);
    CHECK(report.links[0] ==
          "$memory_read.entities[0].body (undeclared member) -> "
          "ai-orchestration-prompt-engineering.task_description (string): checked when the chain "
          "runs");
}

TEST_CASE("unresolvable references, undeclared outputs and unknown skills fail",
          "[skills][chain]") {
    const auto report = check("broken-references.yaml");
    std::vector<std::string> checks;
    for (const auto& e : report.errors) {
        checks.push_back(e.check + " @" + e.location.substr(e.location.rfind('/') + 1));
    }
    CHECK(checks == std::vector<std::string>{
                        "Chain reference declared @broken-references.yaml:9:27",
                        "Chain reference resolves @broken-references.yaml:10:26",
                        "Chain reference access @broken-references.yaml:13:27",
                        "Chain skill exists @broken-references.yaml:14:12",
                    });
    CHECK(report.messages ==
          std::vector<std::string>{"Chain incompatibility: brain-memory-kb.summary cannot feed "
                                   "failure-engineering.system_description"});
}

TEST_CASE("literal chain inputs are type-checked and required inputs demanded", "[skills][chain]") {
    qa::test::TempDir tmp("qa-skill-chain");
    std::ofstream(tmp.path() / "c.yaml")
        << "chain:\n  - skill: number-consumer\n    inputs:\n      budget: lots\n"
           "  - skill: failure-engineering\n    inputs:\n      failure_scenarios: x\n";
    const auto root = qa::test::skill_fixtures();
    const auto report = qa::skills::check_chain(tmp.path() / "c.yaml", {root / "seed"});
    REQUIRE(report.errors.size() == 2);
    CHECK(report.errors[0].check == "Chain input type");
    CHECK(report.errors[0].actual == "budget is string");
    CHECK(report.errors[1].check == "Required input validation");
    CHECK(report.errors[1].expected == "system_description (string) must be provided");
}
