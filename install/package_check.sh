#!/usr/bin/env bash
# Builds the Debian package from build/release, shows its declared dependencies and files, unpacks
# it into a temporary folder and runs the unpacked binaries from there; renders its man pages and
# checks its bash completion and manual.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build/release"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$build" && cpack -G DEB -B "$out" >/dev/null)
deb=$(ls "$out"/qa-skill_*.deb)
dpkg-deb --info "$deb"
dpkg-deb -c "$deb"
dpkg-deb -f "$deb" Depends | grep -q 'libgit2' || { echo "the package declares no libgit2 dependency" >&2; exit 1; }
# apt resolves the declared dependencies on this system (simulation: nothing is installed).
apt-get install -s "$deb" >/dev/null
dpkg -x "$deb" "$out/root"
"$out/root/usr/bin/qa-skill" --version
"$out/root/usr/bin/qa-skill-hook" --version
"$out/root/usr/bin/qa-skill-hook" --help >/dev/null
# The man pages render, the completion is where bash-completion looks, the manual is there.
for page in man1/qa-skill.1 man1/qa-skill-hook.1 man5/qa-skill.toml.5; do
    MANWIDTH=80 man -l "$out/root/usr/share/man/$page.gz" | head -n 4
done
for command in qa-skill qa-skill-hook; do
    test -s "$out/root/usr/share/bash-completion/completions/$command"
done
bash -c "source '$out/root/usr/share/bash-completion/completions/qa-skill' && complete -p qa-skill qa-skill-hook"
test -s "$out/root/usr/share/doc/qa-skill/doc/README.md"
echo "package ok: $(basename "$deb")"
