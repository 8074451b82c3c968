#!/bin/sh
# PostgreSQL's first start (compose.yaml mounts this into /docker-entrypoint-initdb.d/): the login
# role the instances connect as, granted pravesh_app, so the server cannot rewrite the consent
# ledger (README "Configuration"). Migration 0006 finds pravesh_app made and grants it.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$PRAVESH_DB_APP_PASSWORD" <<'SQL'
CREATE ROLE pravesh_app NOLOGIN;
CREATE ROLE pravesh_web LOGIN PASSWORD :'app_password' IN ROLE pravesh_app;
SQL
