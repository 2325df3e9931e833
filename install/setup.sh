#!/usr/bin/env bash
# Installs the Debian 12 packages listed in install/packages.txt. Idempotent: packages already
# present are left alone, so a second run makes no network request.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mapfile -t wanted < <(grep -v -e '^#' -e '^$' "$here/packages.txt")

missing=()
for line in "${wanted[@]}"; do
    read -r pkg provides _ <<<"$line"
    if [ -n "${provides:-}" ] && command -v "$provides" >/dev/null; then
        continue  # the command is there already, from this package or another source
    fi
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "qa-skill setup: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
