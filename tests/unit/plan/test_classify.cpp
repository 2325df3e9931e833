#include <catch2/catch.hpp>

#include "plan/classify.hpp"

using qa::plan::classify;
using qa::plan::DiffBucket;
using qa::plan::FileKind;

TEST_CASE("files are classified by path, extension and shebang", "[plan]") {
    struct Case {
        const char* path;
        const char* first_line;
        bool binary;
        const char* language;
        FileKind kind;
    };
    const Case cases[] = {
        {"src/main.cpp", "", false, "cpp", FileKind::source},
        {"src/util.h", "", false, "c", FileKind::source},
        {"tests/test_api.py", "", false, "python", FileKind::test},
        {"pkg/server_test.go", "", false, "go", FileKind::test},
        {"web/app.spec.ts", "", false, "typescript", FileKind::test},
        {"src/main/java/FooTest.java", "", false, "java", FileKind::test},
        {"package-lock.json", "", false, "", FileKind::lockfile},
        {"rust/Cargo.lock", "", false, "", FileKind::lockfile},
        {"vendor/lib/x.go", "", false, "go", FileKind::vendored},
        {"node_modules/a/index.js", "", false, "javascript", FileKind::vendored},
        {"dist/app.min.js", "", false, "javascript", FileKind::generated},
        {"api/service.pb.go", "", false, "go", FileKind::generated},
        {"README.md", "", false, "", FileKind::docs},
        {"LICENSE", "", false, "", FileKind::docs},
        {".qa-skill.toml", "", false, "", FileKind::config},
        {"CMakeLists.txt", "", false, "", FileKind::config},
        {"deploy/values.yaml", "", false, "", FileKind::config},
        {"scripts/run", "#!/usr/bin/env python3", false, "python", FileKind::source},
        {"bin/tool", "#!/bin/bash -e", false, "shell", FileKind::source},
        {"bin/data", "plain", false, "", FileKind::docs},
        {"img/logo.png", "", true, "", FileKind::binary},
        {"my dir/ünï code.py", "", false, "python", FileKind::source},
    };
    for (const auto& c : cases) {
        INFO(c.path);
        const auto got = classify(c.path, c.first_line, c.binary);
        CHECK(got.language == c.language);
        CHECK(qa::plan::to_string(got.kind) == qa::plan::to_string(c.kind));
    }
}

TEST_CASE("diff buckets follow the seed's SLO table", "[plan]") {
    CHECK(qa::plan::diff_bucket(20, 800) == DiffBucket::small);
    CHECK(qa::plan::diff_bucket(21, 10) == DiffBucket::medium);
    CHECK(qa::plan::diff_bucket(3, 801) == DiffBucket::medium);
    CHECK(qa::plan::diff_bucket(80, 4000) == DiffBucket::medium);
    CHECK(qa::plan::diff_bucket(81, 1) == DiffBucket::large);
    CHECK(qa::plan::diff_bucket(1, 4001) == DiffBucket::large);
}
