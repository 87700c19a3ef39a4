#!/bin/sh
# The Jest example in one command: the shop's order page (shop.js) is
# rendered by shop.test.js and judged by smart against the baseline in
# __smart_snapshots__/. Run 1: a new timestamp and CSRF token, as every
# render has: passes. Run 2: the seeded fault SHOP_FAULT=drop-row loses an
# order row: fails, and the message says why. Exits 0 when both went so.
# Jest comes from this folder's package-lock.json (npm ci, once), and
# smart-snapshot from the tarball `npm pack` makes of bindings/js, as a
# project of your own would install it. In a source tree smart is built
# first (make) and used from there; otherwise smart is found on PATH.
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
. "$ROOT/examples/js-setup.sh"
cd "$DIR" || exit 2
run() { env -u CI ./node_modules/.bin/jest --ci=false "$@" 2>&1; }

js_example_both
