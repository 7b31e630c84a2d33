#!/usr/bin/env bash
# CI: the README's two commands as a new self-hoster runs them as root: the commit cloned into a
# private folder (mktemp -d: mode 700, owned by root, the clone several levels below it, like
# /root/holboo), `npm ci`, `npm start` until /pub/version answers, a sign-up, Ctrl-C (SIGINT to the
# process group), `npm start` again and a log-in with that account, then one server test file with
# `npm test -- <file>`. Everything it started and everything it created is removed, even on failure.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse HEAD)"
test_file="${1:-apps/server/src/modules/auth/auth.test.ts}"
begun=$SECONDS

work="$(mktemp -d)"
app="$work/home/admin/holboo"
log="$work/server.log"
server=""

say() { echo "[fresh-root $((SECONDS - begun)) s] $*"; }

# Like Ctrl-C in a terminal: SIGINT to the whole process group (npm, the server, PostgreSQL).
stop_server() {
  [ -n "$server" ] || return 0
  kill -INT -- "-$server" 2>/dev/null || true
  for _ in $(seq 1 150); do kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
  if kill -0 "$server" 2>/dev/null; then
    say "the server did not stop within 30 s of SIGINT"
    kill -KILL -- "-$server" 2>/dev/null || true
    server=""
    return 1
  fi
  wait "$server" 2>/dev/null || true
  server=""
}

cluster_dir() {
  if [ -L "$app/data/postgres" ]; then readlink -f "$app/data/postgres"; else echo "$app/data/postgres"; fi
}

cleanup() {
  local status=$?
  stop_server || true
  # The cluster may live outside the folder (root's /var/lib/holboo/clusters/…, linked from data/postgres).
  local cluster
  cluster="$(cluster_dir)"
  if [ -f "$cluster/postmaster.pid" ]; then kill -QUIT "$(head -1 "$cluster/postmaster.pid")" 2>/dev/null || true; fi
  if [ -L "$app/data/postgres" ]; then rm -rf "$cluster"; fi
  rm -rf "$work"
  if [ "$status" -ne 0 ]; then say "FAILED (status $status)"; fi
  exit "$status"
}
trap cleanup EXIT

start_server() {
  : >"$log"
  # setsid: the server leads its own process group, as in a terminal, so SIGINT reaches all of it.
  (cd "$app" && exec setsid env PORT="$port" HOST=127.0.0.1 npm start) >>"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do
    if curl -sf "http://127.0.0.1:$port/pub/version" >/dev/null; then return 0; fi
    if ! kill -0 "$server" 2>/dev/null; then break; fi
    sleep 0.5
  done
  say "the server did not answer /pub/version; its output:"
  cat "$log"
  return 1
}

api() { # api <path> <json>: POST, prints the status code
  curl -s -o "$work/response.json" -w '%{http_code}' -H 'content-type: application/json' -X POST --data "$2" "http://127.0.0.1:$port$1"
}

say "cloning $commit into $app (folder $work, mode $(stat -c %a "$work"))"
mkdir -p "$(dirname "$app")"
git clone --quiet --no-checkout "$repo" "$app"
git -C "$app" checkout --quiet --detach "$commit"

say "npm ci"
(cd "$app" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
email="root-$(date +%s)@example.mn"
account="{\"first_name\":\"Root\",\"last_name\":\"Admin\",\"email\":\"$email\",\"password\":\"Fresh-root-start-1\"}"

say "npm start (first)"
start_server
grep -v '^$' "$log" | sed 's/^/    /'
status="$(api /api/signup "$account")"
[ "$status" = 200 ] || { say "sign-up answered $status: $(cat "$work/response.json")"; exit 1; }
say "signed up $email"
stop_server
grep -q "SIGINT: stopping Holboo" "$log" || { say "no clean stop:"; cat "$log"; exit 1; }
[ ! -e "$(cluster_dir)/postmaster.pid" ] || { say "PostgreSQL still runs after SIGINT"; cat "$log"; exit 1; }
! grep -q "Unhandled\|node:internal" "$log" || { say "the stop printed an error:"; cat "$log"; exit 1; }
say "stopped with SIGINT, PostgreSQL stopped too"

say "npm start (again, same data)"
start_server
status="$(api /api/login "$account")"
[ "$status" = 200 ] || { say "log-in answered $status: $(cat "$work/response.json")"; exit 1; }
say "logged in as $email"
stop_server

say "npm test -- $test_file"
(cd "$app" && env -u DATABASE_URL -u TEST_DATABASE_URL npm test -- "$test_file" 2>&1 | tail -6)

say "passed"
