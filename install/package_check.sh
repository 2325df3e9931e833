#!/usr/bin/env bash
# Builds the Debian package from build/release, shows its declared dependencies and files, unpacks
# it into a temporary folder and runs the unpacked qa-skill from there.
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
"$out/root/usr/bin/qa-skill-hook" --help >/dev/null
echo "package ok: $(basename "$deb")"
