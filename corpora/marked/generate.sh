#!/usr/bin/env bash
# marked (JavaScript): npm package marked.  Mutants and reruns of 4.3.0 (the
# last 4.x; lib/marked.cjs is what `require("marked")` runs); version pairs
# along the release chain below.  Tests: the CommonMark spec examples and
# sections (lib/mdtests.py on cmark 0.30.2's spec), rendered with
# marked.parse (lib/mdrun.mjs).  marked 4.x obfuscates e-mail autolinks with
# Math.random character references (option mangle), so clean reruns differ.
APP=marked
source "$(dirname "$0")/../lib/common.sh"
PKG=marked API=marked MUT_VERSION=4.3.0 MUT_FILES='lib/marked.cjs'
MUTANTS=${MARKED_MUTANTS:-100}
VERSIONS=(0.3.19 0.8.2 1.2.9 2.1.3 3.0.8 4.0.19 4.3.0 5.1.2 12.0.2)
VARIANTS=('{"xhtml":true}' '{"headerIds":false}' '{"mangle":false}' '{"smartLists":true}')
npm_app
