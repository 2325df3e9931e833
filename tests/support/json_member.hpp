#pragma once

#include <catch2/catch.hpp>

#include "json/value.hpp"

namespace qa::test {

/// The member `key` of the object `v`; fails the test when it is missing.
inline const json::Value& member(const json::Value& v, const char* key) {
    const json::Value* m = v.find(key);
    INFO("member " << key);
    REQUIRE(m != nullptr);
    return *m;
}

}  // namespace qa::test
