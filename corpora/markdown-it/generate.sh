#!/usr/bin/env bash
# markdown-it (JavaScript): npm package markdown-it.  Mutants and reruns of
# 14.1.0 (dist/index.cjs.js is what `require("markdown-it")` runs); version
# pairs along the release chain below.  Tests: the CommonMark spec examples
# and sections (lib/mdtests.py on cmark 0.30.2's spec), rendered with
# markdown-it({html: true}).render (lib/mdrun.mjs).
APP=markdown-it
source "$(dirname "$0")/../lib/common.sh"
PKG=markdown-it API=markdown-it MUT_VERSION=14.1.0 MUT_FILES='dist/index.cjs.js'
MUTANTS=${MARKDOWN_IT_MUTANTS:-100}
VERSIONS=(4.4.0 6.1.1 8.4.2 10.0.0 11.0.1 12.3.2 13.0.2 14.1.0)
VARIANTS=('{"xhtmlOut":true}' '{"langPrefix":"lang-"}')
npm_app
