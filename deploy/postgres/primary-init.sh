#!/usr/bin/env bash
# Run once by the postgres image on the primary's first start (mounted into
# /docker-entrypoint-initdb.d/; the data folder is new and its server is up on its socket only).
#
# - The application's role and database: the server connects as an ordinary role that owns its
#   database (its migrations create tables, triggers and the trusted pg_trgm extension), never
#   as the superuser.
# - The replication role, which the replicas' pg_basebackup and streaming connect as.
# - pg_hba.conf: replication connections from the compose network ("samenet": any address on a
#   subnet this server is on) with a password. The image has already added
#   "host all all all scram-sha-256" for ordinary connections; a replication connection matches
#   only lines naming "replication". Read when the server starts for good, after this script.
#
# Environment (deploy/compose.yaml): POSTGRES_USER (the superuser), QARAR_DB_NAME, QARAR_DB_USER,
# QARAR_DB_PASSWORD, REPLICATION_USER, REPLICATION_PASSWORD.
#
# The image runs this file when it is executable and sources it otherwise: it sets no shell
# options of its own and ends without `exit`.

set -e

: "${QARAR_DB_NAME:?QARAR_DB_NAME is not set}"
: "${QARAR_DB_USER:?QARAR_DB_USER is not set}"
: "${QARAR_DB_PASSWORD:?QARAR_DB_PASSWORD is not set}"
: "${REPLICATION_USER:?REPLICATION_USER is not set}"
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"

# Names and passwords go in as psql variables (:"name" quotes an identifier, :'text' a literal),
# never pasted into the SQL text.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v app_db="$QARAR_DB_NAME" -v app_user="$QARAR_DB_USER" -v app_password="$QARAR_DB_PASSWORD" \
  -v repl_user="$REPLICATION_USER" -v repl_password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE :"app_user" LOGIN PASSWORD :'app_password';
CREATE DATABASE :"app_db" OWNER :"app_user";
REVOKE ALL ON DATABASE :"app_db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"app_db" TO :"app_user";
CREATE ROLE :"repl_user" WITH REPLICATION LOGIN PASSWORD :'repl_password';
SQL

# Only the application's role may create objects in its database's public schema.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname "$QARAR_DB_NAME" \
  -v app_user="$QARAR_DB_USER" <<'SQL'
ALTER SCHEMA public OWNER TO :"app_user";
SQL

{
  echo
  echo '# Streaming replicas on the compose network (deploy/postgres/primary-init.sh).'
  printf 'host replication %s samenet scram-sha-256\n' "$REPLICATION_USER"
} >>"$PGDATA/pg_hba.conf"
