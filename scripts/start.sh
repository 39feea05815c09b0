#!/bin/sh
# `npm start`: the server's environment (scripts/server-env.sh), then the server.
. scripts/server-env.sh
exec node scripts/start.mjs "$@"
