#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine, and nothing when it is all there:
#   Debian packages (wine64 for MongoDB, nats-server, Prometheus, OpenStack Swift + memcached for S3, Chromium for browser tests),
#   npm dependencies (Node 24 comes with them, as node_modules/.bin/node), and the MongoDB binary.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(wine64 nats-server prometheus swift swift-proxy swift-account swift-container swift-object python3-swift memcached chromium fonts-liberation fonts-dejavu-core)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The Debian swift packages start system services of their own on install; ours run from the project's folders.
for s in swift-proxy swift-account swift-container swift-object memcached nats-server prometheus; do
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$s" 2>/dev/null; then systemctl stop "$s" || true; fi
done

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies"
  # npm 11 here writes lock files without other platforms' optional packages (e.g. @swc/core-darwin-*) and then
  # its own `npm ci` refuses them; `npm install` installs the same locked versions.
  npm ci --no-audit --no-fund 2>/dev/null || npm install --no-audit --no-fund
fi

node_modules/.bin/node infra/src/cli.ts ensure
