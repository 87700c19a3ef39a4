#!/usr/bin/env bash
# commonmark (JavaScript): npm package commonmark (commonmark.js, the
# CommonMark reference implementation in JavaScript).  Mutants and reruns of
# 0.31.2 (dist/commonmark.js is what `require("commonmark")` runs); version
# pairs along the release chain below.  Tests: the CommonMark spec examples
# and sections (lib/mdtests.py on cmark 0.30.2's spec), rendered with
# HtmlRenderer (lib/mdrun.mjs).
APP=commonmark
source "$(dirname "$0")/../lib/common.sh"
PKG=commonmark API=commonmark MUT_VERSION=0.31.2 MUT_FILES='dist/commonmark.js'
MUTANTS=${COMMONMARK_MUTANTS:-100}
VERSIONS=(0.18.2 0.22.1 0.24.0 0.26.0 0.28.1 0.29.3 0.30.0 0.31.2)
VARIANTS=('{"softbreak":" "}' '{"sourcepos":true}')
npm_app
