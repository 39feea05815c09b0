# The environment the server's node process starts with: sourced by scripts/start.sh (`npm start`),
# scripts/cluster.mjs and the benchmarks (bench/lib/server-process.ts). glibc and V8 read these
# once, when node starts. A value already in the environment wins (README, configuration;
# docs/performance.md, memory and start, and API under concurrency).
# Fewer arenas: each thread that allocates would otherwise keep a 64 MB arena of its own.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
if [ -z "$DATABASE_URL" ]; then
  # With the embedded database, blocks of 32 KB and more are mapped on their own and unmapped when
  # freed. Freed blocks of 32-64 KB (Node allocates 64 KB for each socket read, and the server talks
  # to PGlite's thread over a socket) otherwise stay as holes glibc never gives back: idle RSS was
  # 233-278 MB without, 172 MB with. Not with DATABASE_URL: there it measured ~15 % more CPU per
  # uplink at the data plane's top rate, and the idle RSS (~122 MB) did not change.
  export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
else
  # With PostgreSQL the process has no database in it, and the young generation may grow to 64 MB
  # a half (V8's default: 16): under 100 API clients the pages in flight outlived a smaller one's
  # collections, were copied and promoted, and garbage collection was the server's largest cost.
  # The device list served 1.46x the calls. V8 starts it at 1 MB and grows it under such load.
  # Placed first, so a --max-semi-space-size already in NODE_OPTIONS wins.
  export NODE_OPTIONS="--max-semi-space-size=64${NODE_OPTIONS:+ $NODE_OPTIONS}"
fi
