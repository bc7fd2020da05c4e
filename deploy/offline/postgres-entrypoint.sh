#!/bin/sh
# First start: a cluster whose superuser is POSTGRES_USER (password auth over TCP) and a database
# POSTGRES_DB, as the official image does; then the server in the foreground.
set -eu
usuario=${POSTGRES_USER:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  clave=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:?}" > "$clave"
  initdb -D "$PGDATA" -U "$usuario" --pwfile="$clave" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256
  rm -f "$clave"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "${POSTGRES_DB:-$usuario}" != postgres ]; then
    psql -U "$usuario" -d postgres -v ON_ERROR_STOP=1 -c "create database \"${POSTGRES_DB:-$usuario}\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
