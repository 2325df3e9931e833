#pragma once

// The execution checkout seen from inside, through `qa-skill run` and real bubblewrap: a phase
// lens whose linter lists the checkout (and fails, so that the listing is kept as its finding)
// and whose test command changes it, for the tests of checkout reuse and of its inotify watch.

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace qa::test::checkout {

/// Prints every entry of the checkout (type, permission bits, content hash or link target, the
/// names of its extended attributes) and fails, so that the listing is kept with its finding.
inline const char* const kLister = R"(import hashlib, os, stat, sys
out = []
for root, dirs, files in os.walk('.'):
    dirs.sort()
    for name in sorted(dirs + files):
        p = os.path.join(root, name)
        st = os.lstat(p)
        try:
            attrs = ','.join(sorted(os.listxattr(p, follow_symlinks=False)))
        except OSError:
            attrs = '?'
        if stat.S_ISLNK(st.st_mode):
            what = 'link ' + os.readlink(p)
        elif stat.S_ISREG(st.st_mode):
            what = 'file ' + hashlib.sha256(open(p, 'rb').read()).hexdigest()[:16]
        elif stat.S_ISDIR(st.st_mode):
            what = 'dir'
        else:
            what = 'other'
        out.append('%s %o %s [%s]' % (p, stat.S_IMODE(st.st_mode), what, attrs))
print('\n'.join(out))
print('entries: %d' % len(out))
sys.exit(1)
)";

/// The phase lens, required: the lister (lister.py) as its linter, `test_command` as its tests.
inline std::string config(const std::string& test_command) {
    return "allow_execution_lens_classes = [\"consistency\"]\n"
           "[lenses.phase]\nenabled = true\nrequired = true\n"
           "permission_profile = \"exec_sandboxed_network_off\"\n"
           "timeout_ms = 600000\n"
           "[lenses.phase.options]\n"
           "format_command = \"python3 -c pass\"\n"
           "lint_command = \"python3 -B lister.py\"\n"
           "skip_build = true\n"
           "test_command = \"" +
           test_command +
           "\"\n"
           "max_retries = 0\n"
           "[permission_profiles.exec_sandboxed_network_off]\n"
           "allowed_command_prefixes = [[\"python3\"]]\n";
}

/// The lens result of the phase lens's `sub_lens` in `run --format json` output; null if none.
inline const json::Value* sub_lens_result(const json::Value& out, std::string_view sub_lens) {
    for (const auto& result :
         out.find("runs")->as_array().at(0).find("skillResult")->find("lensResults")->as_array()) {
        const auto* sub = result.find("subLensId");
        if (sub != nullptr && !sub->is_null() && sub->as_string() == sub_lens) {
            return &result;
        }
    }
    return nullptr;
}

/// The checkout as the lister saw it: the linter's first finding's output.
inline std::string listing(const json::Value& out) {
    const json::Value* linter = sub_lens_result(out, "linter");
    REQUIRE(linter != nullptr);
    const auto& findings = linter->find("findings")->as_array();
    REQUIRE_FALSE(findings.empty());
    std::string text = findings[0].find("evidence")->find("output")->as_string();
    REQUIRE_FALSE(text.empty());
    return text;
}

}  // namespace qa::test::checkout
