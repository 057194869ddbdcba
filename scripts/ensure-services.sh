#!/usr/bin/env bash
# The server suite runs on PostgreSQL too, and later suites use Redis. In CI both must answer,
# so start them when they do not; outside CI, only say what is missing (the suites then skip loudly).
set -uo pipefail
pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = "PONG" ]; }

if ! pg_up && [ -n "${CI:-}" ] && command -v pg_ctlcluster >/dev/null; then
  echo "PostgreSQL is not answering: starting it"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if ! redis_up && [ -n "${CI:-}" ] && command -v redis-server >/dev/null; then
  echo "Redis is not answering: starting it"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no || true
  for _ in $(seq 1 10); do redis_up && break; sleep 1; done
fi

pg_up || echo "WARNING: PostgreSQL is not reachable on 127.0.0.1:5432 — its suite will fail in CI, skip elsewhere."
redis_up || echo "WARNING: Redis is not reachable on 127.0.0.1:6379."
if [ -n "${CI:-}" ] && ! pg_up; then echo "CI needs PostgreSQL" >&2; exit 1; fi
exit 0
