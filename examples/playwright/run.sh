#!/bin/sh
# The Playwright example in one command: the shop's cart page (shop.js,
# served on 127.0.0.1) is opened in Debian's chromium by cart.spec.js, and
# page.content() is judged by smart against the baseline in
# __smart_snapshots__/. Run 1: a new timestamp and CSRF token, as every
# response has: passes. Run 2: the seeded fault SHOP_FAULT=drop-row loses a
# cart line: fails, and the message says why. Exits 0 when both went so.
# @playwright/test comes from this folder's package-lock.json (npm ci,
# once), and smart-snapshot from the tarball `npm pack` makes of
# bindings/js, as a project of your own would install it. In a source tree
# smart is built first (make) and used from there; otherwise smart is
# found on PATH.
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
. "$ROOT/examples/js-setup.sh"
cd "$DIR" || exit 2
run() { env -u CI ./node_modules/.bin/playwright test --output="${TMPDIR:-/tmp}/smart-example-playwright" "$@"; }

js_example_both
