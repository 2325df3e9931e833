// Issue 10, items 3 and 12 (remainders): a stray NUL byte does not hide a credential, and a
// baselined private key does not accept another key written over it. Real git, real binaries.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

TEST_CASE("a file with a stray NUL byte is still scanned by the credential rules",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("nul");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string key = std::string("AKI") + "AQ2ZRXW7TN4MVCBHD";
    sb.add_file(
        repo, "config/settings.cfg",
        std::string("name = demo\n") + std::string(1, '\0') + "\nAWS_KEY = \"" + key + "\"\n");
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult r = sb.git_in(repo, "commit -q -m nul");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("FAIL") != std::string::npos);
    CHECK(r.err.find("config/settings.cfg:3") != std::string::npos);
    CHECK(r.err.find(key) == std::string::npos);  // masked, as everywhere
    CHECK(sb.rev_parse(repo, "HEAD") == head);

    // A binary file without credentials is not blocked by its bytes.
    sb.git_ok(repo, "rm -q --cached config/settings.cfg");
    std::string image = "\x89PNG\r\n\x1a\n";
    for (int i = 0; i < 4096; ++i) {
        image += static_cast<char>((i * 131 + 7) % 256);
    }
    sb.add_file(repo, "assets/logo.png", image);
    const ProcResult ok = sb.git_in(repo, "commit -q -m logo");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

TEST_CASE("a baselined private key does not accept another key written over it",
          "[hooks][baseline][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("rotate");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const auto fixture = qa::test::make_fake_key(101);
    sb.add_file(repo, "tests/fixtures/server.pem", fixture.pem);
    sb.git_ok(repo, "commit -q --no-verify -m fixture");
    const ProcResult created = sb.qa(repo, "baseline create");
    INFO(created.describe());
    REQUIRE(created.exit_code == 0);
    sb.git_ok(repo, "add .qa-skill-baseline.json");
    sb.git_ok(repo, "commit -q --no-verify -m baseline");

    // The baseline accepts the fixture it was made from.
    const ProcResult same = sb.qa(repo, "baseline check");
    INFO(same.describe());
    CHECK(same.exit_code == 0);

    // A real key in its place: same armour, same first body line (DER keys of one kind share
    // their first bytes), other body.
    const auto other = qa::test::make_fake_key(202);
    std::string rotated =
        fixture.pem.substr(0, fixture.pem.find('\n') + 1) + fixture.body_lines[0] + "\n";
    for (std::size_t i = 1; i < other.body_lines.size(); ++i) {
        rotated += other.body_lines[i] + "\n";
    }
    rotated += fixture.pem.substr(fixture.pem.rfind("-----END"));
    sb.add_file(repo, "tests/fixtures/server.pem", rotated);
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult r = sb.git_in(repo, "commit -q -m rotated");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("private-key") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    sb.git_ok(repo, "commit -q --no-verify -m rotated");
    const ProcResult check = sb.qa(repo, "baseline check");
    INFO(check.describe());
    CHECK(check.exit_code == 1);
    CHECK(check.out.find("new    tests/fixtures/server.pem") != std::string::npos);
}

TEST_CASE("a credential written into a file too long to diff line by line is blocked",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("long");
    // Over a million short lines: the change is judged as a rewrite of the whole file.
    const std::string base(1100000, '\n');
    sb.add_file(repo, "data/rows.txt", base);
    sb.commit(repo, "rows");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string key = std::string("AKI") + "AQ2ZRXW7TN4MVCBHD";
    std::string edited = base;
    edited.insert(2000, "AWS_KEY = \"" + key + "\"\n");
    sb.add_file(repo, "data/rows.txt", edited);
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult r = sb.git_in(repo, "commit -q -m rows");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("data/rows.txt:2001") != std::string::npos);
    CHECK(r.err.find("aws-access-key-id") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
}
