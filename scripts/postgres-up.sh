#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 cluster (installed, not running) and makes sure the
# postgres role can log in over TCP with a password, for the server tests and the benchmark.
# Prints the admin connection URL. Idempotent.
set -euo pipefail
PGPASS="${QARAR_PG_PASSWORD:-postgres}"
PGPORT="${QARAR_PG_PORT:-5432}"
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL is not installed; installing it with apt-get" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /etc/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -qAtc \"ALTER USER postgres PASSWORD '$PGPASS'\"" >/dev/null
echo "postgres://postgres:${PGPASS}@127.0.0.1:${PGPORT}/postgres"
