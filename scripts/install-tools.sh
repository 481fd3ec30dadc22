#!/usr/bin/env bash
# Installs what the repository needs beyond Node.js, when missing: pnpm (npm registry) and Debian's
# Chromium (browser tests). Idempotent; used by scripts/setup.sh and .ci/run.
set -euo pipefail

if ! command -v pnpm >/dev/null 2>&1; then
  echo "installing pnpm"
  npm install -g pnpm@10 >/dev/null
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
