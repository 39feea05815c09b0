#!/bin/sh
# `npm start`. glibc reads its malloc settings once, when node starts, so they are set here; a value
# already in the environment wins (README, configuration; docs/performance.md, memory and start).
# Fewer arenas: each thread that allocates would otherwise keep a 64 MB arena of its own.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# With the embedded database, blocks of 32 KB and more are mapped on their own and unmapped when
# freed. Freed blocks of 32-64 KB (Node allocates 64 KB for each socket read, and the server talks
# to PGlite's thread over a socket) otherwise stay as holes glibc never gives back: idle RSS was
# 233-278 MB without, 172 MB with. Not with DATABASE_URL: there it measured ~15 % more CPU per
# uplink at the data plane's top rate, and the idle RSS (~122 MB) did not change.
if [ -z "$DATABASE_URL" ]; then export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"; fi
exec node scripts/start.mjs "$@"
