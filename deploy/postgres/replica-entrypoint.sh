#!/usr/bin/env bash
# Entrypoint of a streaming replica (postgres image; deploy/compose.yaml's "replica" service).
#
# First start (an empty data folder): wait for the primary, make sure its replication slot
# exists (the primary then keeps the WAL this replica has not received yet, up to its
# max_slot_wal_keep_size), and copy the primary with pg_basebackup -R, which writes
# standby.signal and primary_conninfo (with the slot's name): the server then starts as a hot
# standby streaming from the primary. Later starts: the folder is there and streaming resumes.
# Either way the image's own entrypoint then starts postgres with the command's arguments, as the
# postgres user.
#
# Environment: PRIMARY_HOST, PRIMARY_PORT (5432), REPLICATION_USER, REPLICATION_PASSWORD,
# REPLICA_SLOT (one per replica: letters, digits and _), PGDATA (the image's).
#
# To make a replica again from scratch (it fell behind beyond the slot's limit, or the primary
# was restored): stop it, remove its volume, start it.

set -Eeuo pipefail

: "${PRIMARY_HOST:?PRIMARY_HOST is not set}"
: "${REPLICATION_USER:?REPLICATION_USER is not set}"
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"
: "${REPLICA_SLOT:?REPLICA_SLOT is not set}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PGDATA="${PGDATA:-/var/lib/postgresql/data}"
# How long to wait for the primary at first start, in seconds.
WAIT_SECONDS="${PRIMARY_WAIT_SECONDS:-300}"

if [[ ! "$REPLICA_SLOT" =~ ^[a-z0-9_]{1,63}$ ]]; then
  echo "replica: REPLICA_SLOT must be lowercase letters, digits and _ (it is \"$REPLICA_SLOT\")" >&2
  exit 2
fi

# As the postgres user when started as root (the image's way), as is otherwise.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then gosu postgres "$@"; else "$@"; fi
}

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "replica: no database in $PGDATA: copying the primary $PRIMARY_HOST:$PRIMARY_PORT (slot $REPLICA_SLOT)" >&2
  mkdir -p "$PGDATA"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDATA"; fi
  chmod 700 "$PGDATA"

  # The password as the client programs read it (it is in this container's environment already);
  # pg_basebackup -R writes it into primary_conninfo, in the data folder, for the standby.
  export PGPASSWORD="$REPLICATION_PASSWORD"

  waited=0
  until as_postgres pg_isready -q -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$REPLICATION_USER" -d postgres; do
    if [ "$waited" -ge "$WAIT_SECONDS" ]; then
      echo "replica: the primary did not answer within ${WAIT_SECONDS} s" >&2
      exit 1
    fi
    sleep 2
    waited=$((waited + 2))
  done

  # The slot, unless it is there already (a replica made again keeps its slot's name).
  as_postgres pg_receivewal -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$REPLICATION_USER" -w \
    --slot="$REPLICA_SLOT" --create-slot --if-not-exists

  # A fresh copy each try: a half-written folder from an interrupted one would not start.
  if ! as_postgres pg_basebackup -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$REPLICATION_USER" -w \
    -D "$PGDATA" -R -X stream -S "$REPLICA_SLOT" -c fast --progress; then
    echo "replica: pg_basebackup failed; emptying $PGDATA so that the next start tries again" >&2
    find "$PGDATA" -mindepth 1 -delete
    exit 1
  fi
  unset PGPASSWORD
  echo "replica: copy made; starting as a hot standby" >&2
fi

exec docker-entrypoint.sh "$@"
