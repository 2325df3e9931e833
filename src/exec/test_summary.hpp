#pragma once

#include <optional>
#include <string_view>

namespace qa::exec {

/// The number of failing tests as the test runner's own summary states it, read from its
/// output: Python unittest ("FAILED (failures=1, errors=2)"), pytest ("2 failed, 1 error"),
/// node --test ("# fail 2" / "ℹ fail 2"), go test ("--- FAIL:" lines), cargo test ("test
/// result: ... 1 failed" summed over test binaries), CTest ("N tests failed out of M"), jest
/// ("Tests: 1 failed") and vitest ("Tests  1 failed"). A summary that says all passed gives 0.
/// nullopt when no summary is recognised: the caller says so instead of guessing.
std::optional<long> failing_test_count(std::string_view output);

}  // namespace qa::exec
