#!/usr/bin/env bash
# The production smoke (docs/operations.md "Behind nginx"): the compiled server as an operator runs
# it, behind Debian's nginx, on the machine's PostgreSQL and a Redis of its own. It
#   1. makes a fresh set of production secrets (scripts/production-secrets.sh);
#   2. installs the production dependencies alone into a scratch copy (npm ci --omit=dev) beside the
#      compiled server (npm run build; a build already there is used) — the Dockerfile's steps;
#   3. creates a database of its own on PostgreSQL (dropped at the end) and an app login role in
#      pravesh_app, starts a private redis-server and the SMS gateway stand-in, runs the migrations
#      as their own step (dist/migrate.js, as the owner) and publishes a contract (dist/contract.js);
#   4. starts two instances (PRAVESH_ENV=production, PRAVESH_TRUSTED_PROXIES=nginx's address) and
#      waits for each one's /readyz before nginx admits traffic (nginx's own checks are passive);
#   5. starts nginx on deploy/nginx/pravesh.conf.template, the file compose.yaml uses;
#   6. through nginx: signs a customer in, records a consent and an event, and checks that the client's
#      address, not a forged X-Forwarded-For, reaches the consent ledger and the OTP limits, that live
#      chat's server-sent events pass unbuffered
#      (scripts/smoke-prod/journey.ts); that both instances served; that nginx takes a stopped
#      instance out; and that the ledger's chain verifies;
# and stops everything it started, pass or fail. Installs nothing: CI's .ci/run installs nginx.
#
#   scripts/smoke-prod.sh               exit 0 when every check passed
#   scripts/smoke-prod.sh --skippable   (npm test) without nginx, say so and exit 0 — unless PRAVESH_CI=1
# DATABASE_URL names the PostgreSQL to use (a superuser; default postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$SECONDS
say() { echo "smoke-prod [$((SECONDS - started)) s] $*"; }

nginx_bin=$(command -v nginx || true)
[ -n "$nginx_bin" ] || { [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx; }
if [ -z "$nginx_bin" ]; then
  if [ "${1:-}" = --skippable ] && [ "${PRAVESH_CI:-}" != 1 ]; then
    echo 'smoke-prod: SKIPPED — nginx is not installed (Debian: apt-get install nginx-light); the production smoke did not run'
    exit 0
  fi
  echo 'smoke-prod: nginx is not installed (Debian: apt-get install nginx-light)' >&2
  exit 1
fi
for tool in psql redis-server curl; do
  command -v "$tool" >/dev/null || { echo "smoke-prod: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/pravesh-smoke-prod.XXXXXX")
admin_url=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
suffix=$(date +%s)_$$
database=pravesh_smoke_$suffix
app_role=pravesh_smoke_web_$suffix
pids=()
database_made=

stop_all() {
  local status=$?
  # Newest first: nginx, the instances, then Redis and the gateway.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill -TERM "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$database_made" ]; then
    psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" -c "DROP ROLE IF EXISTS $app_role" \
      >/dev/null || echo "smoke-prod: could not drop database $database / role $app_role" >&2
  fi
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log; do
      [ -s "$log" ] && { echo "--- ${log##*/} (last lines)"; tail -n 20 "$log"; }
    done
    echo "smoke-prod: FAILED after $((SECONDS - started)) s" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

# Free loopback ports, all asked for at once so none is handed out twice.
read -r port_a port_b metrics_a metrics_b redis_port sms_port proxy_port < <(node -e '
  const net = require("node:net");
  const servers = Array.from({ length: 7 }, () => net.createServer().listen(0, "127.0.0.1"));
  Promise.all(servers.map((s) => new Promise((ok) => s.on("listening", ok)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });')

# Polls a URL until it answers 200 while the process behind it lives (at most $3 seconds).
wait_ok() {
  local url=$1 pid=$2 limit=$3 waited=0
  until curl -sf -o /dev/null --max-time 2 "$url"; do
    kill -0 "$pid" 2>/dev/null || { echo "smoke-prod: the process for $url exited" >&2; return 1; }
    ((waited++ < limit * 5)) || { echo "smoke-prod: $url did not answer 200 in $limit s" >&2; return 1; }
    sleep 0.2
  done
}

# 1. Secrets, and the instances' environment.
scripts/production-secrets.sh >"$work/secrets.env"
owner_url="${admin_url%/*}/$database"
app_url="postgres://$app_role@${owner_url#postgres://*@}"
site_origin=https://www.smoke.example
redirect_uri=http://127.0.0.1/smoke/callback
sms_token=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("hex"))')
cat >"$work/production.env" <<ENV
NODE_ENV=production
PRAVESH_ENV=production
HOST=127.0.0.1
PRAVESH_PUBLIC_URL=http://127.0.0.1:$proxy_port
DATABASE_URL=$app_url
PRAVESH_MIGRATION_DATABASE_URL=$owner_url
REDIS_URL=redis://127.0.0.1:$redis_port
PRAVESH_TRUSTED_PROXIES=127.0.0.1
PRAVESH_SITE_CONFIG='{"2":{"origins":["$site_origin"]}}'
PRAVESH_SSO_CLIENTS='[{"clientId":"smoke-site","siteId":2,"redirectUris":["$redirect_uri"]}]'
PRAVESH_SMS_PROVIDER=http
PRAVESH_SMS_HTTP_URL=http://127.0.0.1:$sms_port/sms
PRAVESH_SMS_HTTP_TOKEN=$sms_token
PRAVESH_OTP_IP_LIMIT_PER_HOUR=3
PRAVESH_CHAT_ENABLED=1
PRAVESH_LOG_LEVEL=warn
ENV
cat "$work/secrets.env" >>"$work/production.env"
set -a
# shellcheck source=/dev/null
. "$work/production.env"
set +a
say "production secrets made; ports: instances $port_a $port_b, nginx $proxy_port"

# 2. The compiled server beside production dependencies only (the Dockerfile's stages). The install
# is kept in .scratch/ by the hash of the package files, so a rerun on the same lock file reuses it.
[ -f apps/server/dist/main.js ] || { say 'building the server'; npm run --silent build -w @pravesh/server; }
manifests=(package.json package-lock.json $(node -e 'for (const w of require("./package.json").workspaces) console.log(w + "/package.json")'))
deps=$root/.scratch/smoke-prod-deps/$(cat "${manifests[@]}" | sha256sum | cut -c1-16)
if [ ! -d "$deps/node_modules" ]; then
  fresh=$deps.$
  for manifest in "${manifests[@]}"; do mkdir -p "$fresh/$(dirname "$manifest")" && cp "$manifest" "$fresh/$manifest"; done
  (cd "$fresh" && npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error >"$work/npm-ci.log" 2>&1)
  mv -T "$fresh" "$deps" 2>/dev/null || rm -rf "$fresh" # another run got there first
  say "npm ci --omit=dev: $(find "$deps/node_modules" -maxdepth 2 -name package.json | wc -l) production packages"
else
  say "npm ci --omit=dev: reusing the install of these package files ($deps)"
fi
app=$work/app
mkdir -p "$app/apps/server"
ln -s "$deps/node_modules" "$app/node_modules"
cp package.json "$app/"
cp -r apps/server/dist "$app/apps/server/dist"

# 3. Database, Redis, SMS gateway, migrations, a contract.
psql -q "$admin_url" -c "CREATE DATABASE $database" >/dev/null
database_made=1
redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no >"$work/redis.log" 2>&1 &
pids+=($!)
# node itself (not an npx wrapper), so that the TERM at the end reaches the gateway and not only its parent.
SMOKE_SMS_TOKEN=$sms_token node --import tsx scripts/smoke-prod/sms-gateway.ts "$sms_port" "$work/sms.jsonl" \
  >"$work/sms-gateway.log" 2>&1 &
pids+=($!)
(cd "$app" && DATABASE_URL=$owner_url node apps/server/dist/migrate.js) | sed 's/^/  /'
# The server's own login role may only append to the consent ledger (README "Configuration").
psql -q "$admin_url" -c "CREATE ROLE $app_role LOGIN IN ROLE pravesh_app" >/dev/null
contract=smoke-terms
(
  cd "$app"
  node apps/server/dist/contract.js create --contract $contract --title 'Smoke test terms' --site 2
  node apps/server/dist/contract.js publish --contract $contract --text '<p>I agree to the smoke test terms.</p>'
) | sed 's/^/  /'
say "database $database migrated by its owner; the server connects as $app_role"

# 4. Two instances; each must say ready before nginx sends it anything.
(cd "$app" && PORT=$port_a PRAVESH_METRICS_PORT=$metrics_a exec node apps/server/dist/main.js) >"$work/instance-a.log" 2>&1 &
pids+=($!)
pid_a=$!
(cd "$app" && PORT=$port_b PRAVESH_METRICS_PORT=$metrics_b exec node apps/server/dist/main.js) >"$work/instance-b.log" 2>&1 &
pids+=($!)
pid_b=$!
wait_ok "http://127.0.0.1:$port_a/readyz" $pid_a 60
wait_ok "http://127.0.0.1:$port_b/readyz" $pid_b 60
say 'both instances ready (/readyz 200)'

# 5. nginx on the template compose.yaml uses, in a prefix of its own (no root paths, no daemon).
mkdir -p "$work/nginx"
sed -e "s/\${PRAVESH_PROXY_LISTEN}/127.0.0.1:$proxy_port/" \
  -e "s/\${PRAVESH_UPSTREAM_A}/127.0.0.1:$port_a/" -e "s/\${PRAVESH_UPSTREAM_B}/127.0.0.1:$port_b/" \
  deploy/nginx/pravesh.conf.template >"$work/nginx/pravesh.conf"
if grep -v '^ *#' "$work/nginx/pravesh.conf" | grep '\${PRAVESH_'; then echo 'smoke-prod: the template names a setting not filled in' >&2; exit 1; fi
cat >"$work/nginx/nginx.conf" <<NGINX
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 256; }
http {
    access_log $work/nginx-access.log;
    client_body_temp_path $work/nginx/client_body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    include $work/nginx/pravesh.conf;
}
NGINX
# Run as root, nginx's workers become nobody: they must reach the temp folders.
chmod 755 "$work"
"$nginx_bin" -e "$work/nginx-error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
wait_ok "http://127.0.0.1:$proxy_port/healthz" $! 20
say "nginx $("$nginx_bin" -v 2>&1 | sed 's/.*nginx\///') in front of both"

# 6. The customer's journey through nginx.
SMOKE_PROXY_URL=http://127.0.0.1:$proxy_port SMOKE_SMS_MESSAGES=$work/sms.jsonl SMOKE_CONTRACT_ID=$contract \
  SMOKE_CLIENT_ID=smoke-site SMOKE_REDIRECT_URI=$redirect_uri SMOKE_SITE_ORIGIN=$site_origin \
  npx tsx scripts/smoke-prod/journey.ts

# Both instances answered some of it: their request counters (on the metrics ports) moved.
served() {
  curl -sf "http://127.0.0.1:$1/metrics" |
    awk '/^http_server_request_duration_seconds_count.*http_route="\/(SSOSP|MSP)/ { n += $NF } END { print n + 0 }'
}
served_a=$(served "$metrics_a")
served_b=$(served "$metrics_b")
((served_a > 0 && served_b > 0)) || { echo "smoke-prod: one instance served nothing ($served_a / $served_b)" >&2; exit 1; }
echo "  ok  both instances served: $served_a and $served_b API requests (their /metrics)"

# An instance that stops is taken out by nginx (passively: its refused connections), and nothing fails.
kill -TERM $pid_a
wait $pid_a || { echo 'smoke-prod: instance A did not exit 0 on SIGTERM' >&2; exit 1; }
for attempt in 1 2 3 4 5 6; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/readyz")
  [ "$status" = 200 ] || { echo "smoke-prod: request $attempt answered $status with one instance stopped" >&2; exit 1; }
done
echo '  ok  instance A stopped (SIGTERM, exit 0): 6 of 6 requests through nginx answered 200 by B'

(cd "$app" && DATABASE_URL=$owner_url node apps/server/dist/contract.js verify-ledger) | sed 's/^/  /'
say 'passed'
