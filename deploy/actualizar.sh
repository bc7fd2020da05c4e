#!/bin/sh
# Rolling upgrade of the compose stack to the release checked out here (docs/operacion.md,
# Upgrading): a dump first, the new image, its migrations while the old release still serves, then
# one process at a time. An API leaves Caddy's upstreams first; `docker compose up` then replaces
# it with SIGTERM (it drains its requests and jobs within SHUTDOWN_TIMEOUT_MS) and the next one is
# replaced only once this one answers /ready.
#   VERSION=1.1.0 sh deploy/actualizar.sh        COMPOSE="docker-compose" for compose 1.x
set -eu
C=${COMPOSE:-docker compose}
: "${VERSION:?VERSION: the tag of the new image (package.json's version)}"
export VERSION

sano() {
  id=$($C ps -q "$1")
  for _ in $(seq 90); do
    [ "$(docker inspect --format '{{.State.Health.Status}}' "$id")" = healthy ] && return 0
    sleep 2
  done
  echo "$1 no quedó sano en 3 minutos: la actualización se detiene aquí" >&2
  return 1
}

$C exec -T respaldo sh /usr/local/bin/respaldo.sh una
$C build migrate
# Migrations of a release are additive (new tables, columns, indexes built concurrently): the old
# processes keep working against the migrated schema until they are replaced.
$C run --rm migrate
# Caddy reads this release's Caddyfile (no connection dropped): `caddy reload` adapts it in its own
# process, so UPSTREAMS given to it (the Caddyfile's default: both APIs) chooses the upstreams.
rotacion() {
  $C exec -T -e "UPSTREAMS=$1" caddy caddy reload --config /etc/caddy/Caddyfile --adapter caddyfile
}
rotacion "api1:3000 api2:3000"
# Each API leaves Caddy's rotation before it gets SIGTERM (the requests Caddy has under way end
# first; a reload drops no connection) and comes back once the new one is healthy.
for par in "api1 api2" "api2 api1"; do
  set -- $par
  rotacion "$2:3000"
  $C up -d --no-deps "$1"
  sano "$1"
  rotacion "api1:3000 api2:3000"
done
for s in worker1 worker2; do
  $C up -d --no-deps "$s"
  sano "$s"
done
echo "Actualizado a $VERSION"
