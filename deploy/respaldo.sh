#!/bin/sh
# Backups of compose.yaml's `respaldo` service, and of `npm run test:backup` (the same command):
#   sh respaldo.sh         one dump now, then one every RESPALDO_CADA_HORAS hours, forever
#   sh respaldo.sh una     one dump now; prints its path
#   sh respaldo.sh salud   exit 0 if the newest dump is younger than the period plus one hour
# pg_dump's custom format (-Fc: compressed, restored with pg_restore, table by table if need be)
# into RESPALDO_DIR, keeping the RESPALDO_CONSERVAR newest. The server and password come from
# libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE: never on a command line (ps).
set -eu
dir=${RESPALDO_DIR:-/respaldos}
cada=${RESPALDO_CADA_HORAS:-6}
conservar=${RESPALDO_CONSERVAR:-28}

respaldar() {
  # The dump holds password hashes and customers' numbers: readable by its owner only.
  umask 077
  mkdir -p "$dir"
  archivo="$dir/recargas-$(date -u +%Y%m%dT%H%M%SZ).dump"
  # Under a temporary name until complete: a dump cut short is never one of the kept.
  if ! pg_dump -Fc -f "$archivo.parcial"; then
    rm -f "$archivo.parcial"
    return 1
  fi
  mv "$archivo.parcial" "$archivo"
  # Names sort by time (UTC): all but the newest RESPALDO_CONSERVAR go.
  ls -1 "$dir"/recargas-*.dump | sort -r | tail -n "+$((conservar + 1))" | while read -r viejo; do
    rm -f "$viejo"
  done
  echo "$archivo"
}

case "${1:-}" in
una) respaldar ;;
salud) find "$dir" -name 'recargas-*.dump' -mmin "-$((cada * 60 + 60))" | grep -q . ;;
"")
  # PID 1 of its container: `docker stop` ends it at once (sleep in the background, so the trap
  # runs). A dump that a SIGKILL cut short is removed at the next start.
  trap 'exit 0' TERM INT
  rm -f "$dir"/*.parcial
  while :; do
    # A failed dump is said and tried again in 5 minutes (the database may be restarting).
    espera=$((cada * 3600))
    if ! respaldar; then
      echo "respaldo: pg_dump falló; otro intento en 5 minutos" >&2
      espera=300
    fi
    sleep "$espera" &
    wait $!
  done
  ;;
*)
  echo "uso: respaldo.sh [una|salud]" >&2
  exit 2
  ;;
esac
