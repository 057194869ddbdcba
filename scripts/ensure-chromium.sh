#!/usr/bin/env bash
# Playwright drives Debian's Chromium (never a downloaded browser build). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package"
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-liberation >/dev/null
[ -x /usr/bin/chromium ] || { echo "Chromium could not be installed" >&2; exit 1; }
