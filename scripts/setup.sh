#!/usr/bin/env bash
# Fresh machine → installed repository and built website (docs/dist).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-tools.sh
pnpm install --frozen-lockfile
pnpm build
