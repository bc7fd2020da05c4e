#!/bin/sh
# Offline trial of compose.yaml (docs/operacion.md "Deploy", "Tried offline"): where Docker Hub is out of
# reach, builds stand-ins for the images compose.yaml pulls — from a debootstrap Debian and
# Debian's own packages (PostgreSQL 15, Redis 7, Caddy 2) plus this host's Node 20 — tagged
# recargas-offline/*. compose.offline.yaml then points the stack at them. Run as root, from the
# repository: sh deploy/offline/construir.sh
set -eu
aqui=$(cd "$(dirname "$0")" && pwd)
trabajo=${TRABAJO:-/tmp/recargas-offline}
mkdir -p "$trabajo"
if ! docker image inspect recargas-offline/debian:bookworm >/dev/null 2>&1; then
  [ -d "$trabajo/rootfs" ] ||
    debootstrap --variant=minbase --include=ca-certificates bookworm "$trabajo/rootfs" http://deb.debian.org/debian
  tar -C "$trabajo/rootfs" -c . | docker import - recargas-offline/debian:bookworm
fi
# Node 20 as this host has it (Debian's own is 18): the binary, npm and corepack.
mkdir -p "$trabajo/node/ca"
tar -C / -cf "$trabajo/node/node.tar" usr/bin/node usr/lib/node_modules/npm usr/lib/node_modules/corepack
# The host's local certificate authorities (here a TLS-inspecting egress proxy), so npm ci in the
# image build reaches the registry as the host does.
cp /usr/local/share/ca-certificates/*.crt "$trabajo/node/ca/" 2>/dev/null || true
docker build -t recargas-offline/node:20-bookworm-slim -f "$aqui/node.Dockerfile" "$trabajo/node"
for imagen in postgres:16 redis:7 caddy:2; do
  nombre=${imagen%%:*}
  docker build -t "recargas-offline/$imagen" -f "$aqui/$nombre.Dockerfile" "$aqui"
done
