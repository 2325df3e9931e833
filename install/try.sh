#!/usr/bin/env bash
# The README's first command, after setup: builds the two binaries only (build/app, no test
# suite) and shows the gate at work in a throw-away repository: hooks installed, a change that
# leaks a (fake) AWS key is refused with what to do next, the fix passes.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/install/build.sh" app
bin="$root/build/app"
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
cd "$demo"
git init -q -b main
git config user.name "qa-skill demo"
git config user.email "demo@example.invalid"
printf '# demo\n' > README.md
git add README.md && git commit -q -m initial
"$bin/qa-skill" install
# The key is assembled here so that this script itself holds no key-like literal.
key="AK""IA""QYLPMN5HFIQR7XBT"
printf 'import os\n\nAWS_KEY_ID = "%s"\n' "$key" > settings.py
git add settings.py
echo "\$ git commit -m 'add settings'"
if git commit -q -m "add settings"; then
    echo "unexpected: the commit went through" >&2
    exit 1
fi
printf 'import os\n\nAWS_KEY_ID = os.environ["AWS_KEY_ID"]\n' > settings.py
git add settings.py
echo
echo "\$ git commit -m 'add settings'   # after the fix"
git commit -q -m "add settings"
echo "committed: $(git log --oneline -1)"
