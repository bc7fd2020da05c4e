#!/bin/sh
# Rolling upgrade of the compose stack to the release checked out here (docs/operacion.md,
# Upgrading): a dump first, the new image, its migrations while the old release still serves, then
# one process at a time. `docker compose up` replaces a container with SIGTERM: it drains its
# requests and jobs within SHUTDOWN_TIMEOUT_MS while Caddy sends new ones to the other API
# (lb_try_duration), and the next one is replaced only once this one answers /ready.
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
# Caddy reads this release's Caddyfile (no connection dropped) before any API stops: its retry
# rules carry the requests of the API being replaced to the other.
$C exec -T caddy caddy reload --config /etc/caddy/Caddyfile --adapter caddyfile
for s in api1 api2 worker1 worker2; do
  $C up -d --no-deps "$s"
  sano "$s"
done
echo "Actualizado a $VERSION"
