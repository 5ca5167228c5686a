#!/usr/bin/env bash
# A streaming replica of the machine's PostgreSQL 15 cluster, on loopback, for the read-replica
# tests and benchmarks (DATABASE_REPLICA_URLS): a second cluster, "replica", on port 5433 (or
# QARAR_REPLICA_PORT), made by pg_basebackup from the primary that scripts/postgres-up.sh starts,
# and started as a hot standby that streams the primary's WAL. Prints its connection URL.
# Idempotent: a replica already made is started if down; QARAR_REPLICA_FRESH=1 makes it again.
set -euo pipefail
cd "$(dirname "$0")/.."
PGPASS="${QARAR_PG_PASSWORD:-postgres}"
PRIMARY_PORT="${QARAR_PG_PORT:-5432}"
REPLICA_PORT="${QARAR_REPLICA_PORT:-5433}"
NAME=replica

bash scripts/postgres-up.sh >/dev/null
version=$(ls /etc/postgresql | sort -n | tail -1)
datadir="/var/lib/postgresql/$version/$NAME"

online() { pg_lsclusters -h | awk -v v="$version" -v n="$NAME" '$1==v && $2==n {print $4}' | grep -q online; }

if [ "${QARAR_REPLICA_FRESH:-0}" = 1 ] && pg_lsclusters -h | awk -v v="$version" -v n="$NAME" '$1==v && $2==n' | grep -q .; then
  pg_dropcluster --stop "$version" "$NAME" >&2
fi

if ! pg_lsclusters -h | awk -v v="$version" -v n="$NAME" '$1==v && $2==n' | grep -q .; then
  echo "making the replica cluster $version/$NAME on port $REPLICA_PORT (pg_basebackup from port $PRIMARY_PORT)" >&2
  # Debian's way for the configuration (/etc/postgresql/$version/$NAME); its data folder is then
  # replaced by a base backup of the primary, written with the standby's settings (-R:
  # standby.signal and primary_conninfo).
  pg_createcluster -p "$REPLICA_PORT" "$version" "$NAME" >&2
  rm -rf "$datadir"
  install -d -o postgres -g postgres -m 700 "$datadir"
  su postgres -c "PGPASSWORD='$PGPASS' pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D '$datadir' -R -X stream -c fast" >&2
  conf="/etc/postgresql/$version/$NAME/conf.d/qarar-replica.conf"
  # A hot standby: answers reads while it replays; tells the primary what it reads, so that the
  # primary's vacuum does not remove rows a long read on the replica still needs.
  printf "hot_standby = on\nhot_standby_feedback = on\nlisten_addresses = '127.0.0.1'\n" >"$conf"
  chown postgres:postgres "$conf"
fi

if ! online; then
  pg_ctlcluster --skip-systemctl-redirect "$version" "$NAME" start >&2
fi
url="postgres://postgres:${PGPASS}@127.0.0.1:${REPLICA_PORT}/postgres"
for _ in $(seq 1 60); do
  [ "$(psql "$url" -qAtc 'select pg_is_in_recovery()' 2>/dev/null)" = t ] && break
  sleep 1
done
if [ "$(psql "$url" -qAtc 'select pg_is_in_recovery()' 2>/dev/null)" != t ]; then
  echo "the replica on port $REPLICA_PORT did not start as a standby (see /var/log/postgresql/postgresql-$version-$NAME.log)" >&2
  exit 1
fi
# A standby that was stopped while the primary wrote much may find the WAL it needs recycled
# ("requested WAL segment … has already been removed"): it then waits for ever. Made again.
primary="postgres://postgres:${PGPASS}@127.0.0.1:${PRIMARY_PORT}/postgres"
streaming() { [ "$(psql "$primary" -qAtc "select count(*) from pg_stat_replication where state = 'streaming'" 2>/dev/null || echo 0)" -ge 1 ]; }
for _ in $(seq 1 20); do
  streaming && break
  sleep 1
done
if ! streaming; then
  if [ "${QARAR_REPLICA_FRESH:-0}" = 1 ]; then
    echo "the replica on port $REPLICA_PORT does not stream from the primary (see /var/log/postgresql/postgresql-$version-$NAME.log)" >&2
    exit 1
  fi
  echo "the replica on port $REPLICA_PORT does not stream from the primary (the WAL it needs is gone): making it again" >&2
  QARAR_REPLICA_FRESH=1 exec bash "$0"
fi
echo "$url"
