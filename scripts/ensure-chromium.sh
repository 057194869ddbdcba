#!/usr/bin/env bash
# Playwright drives Debian's Chromium (never a downloaded browser build). Installs what is missing:
# - chromium: the browser (screenshots by hand, the assistant's image tests, the benchmarks);
# - chromium-headless-shell: the same Chromium built for headless use, which the end-to-end suite runs
#   when present (playwright.config.ts): no browser UI or window processes, less CPU per page on CI's
#   two cores. Without it the suite runs on chromium, slower but the same tests.
set -euo pipefail
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
install() { DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$@" >/dev/null; }
updated=""
install_updating() { # packages: installs, refreshing the package lists once if the first try fails
  install "$@" && return 0
  [ -n "$updated" ] && return 1
  $sudo_cmd apt-get update -qq && updated=1 && install "$@"
}

if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing: installing Debian's chromium package"
  install_updating chromium fonts-liberation || true
  [ -x /usr/bin/chromium ] || { echo "Chromium could not be installed" >&2; exit 1; }
fi
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Debian's chromium-headless-shell for the end-to-end suite"
  install_updating chromium-headless-shell ||
    echo "chromium-headless-shell could not be installed: the end-to-end suite runs on chromium" >&2
fi
exit 0
