// The driver of the eslint corpus (copied into each prepared tree as
// smart-lint.cjs): node smart-lint.cjs APPDIR SUITES ROOT OUT
// lints each package folder under ROOT (absolute paths: the build folder)
// with each suite's configuration (SUITES/NAME.json, no .eslintrc lookup)
// through the ESLint class of the eslint package in APPDIR (the copy smart
// mutate rewrites), and writes OUT/SUITE/PACKAGE.html, .junit.xml and
// .checkstyle.xml with eslint's own html, junit and checkstyle formatters.
// A suite or package that throws (a mutant) is reported on stderr and
// leaves its outputs out; the exit status is 0 when anything was written.
"use strict";
const fs = require("fs");
const path = require("path");
const [appdir, suites, root, out] = process.argv.slice(2).map(p => path.resolve(p));
const { ESLint } = require(path.join(appdir, "lib", "api.js"));
const FORMATS = [["html", ".html"], ["junit", ".junit.xml"], ["checkstyle", ".checkstyle.xml"]];

async function main() {
    let written = 0;
    const names = fs.readdirSync(suites).filter(f => f.endsWith(".json")).sort();
    const pkgs = fs.readdirSync(root).filter(d => fs.statSync(path.join(root, d)).isDirectory()).sort();
    for (const conf of names) {
        const suite = conf.replace(/\.json$/u, "");
        fs.mkdirSync(path.join(out, suite), { recursive: true });
        for (const pkg of pkgs) {
            try {
                const eslint = new ESLint({
                    cwd: root,
                    useEslintrc: false,
                    overrideConfigFile: path.join(suites, conf),
                    errorOnUnmatchedPattern: false
                });
                const results = await eslint.lintFiles([path.join(root, pkg)]);
                for (const [name, ext] of FORMATS) {
                    try {
                        const formatter = await eslint.loadFormatter(name);
                        const text = await formatter.format(results);
                        fs.writeFileSync(path.join(out, suite, pkg + ext), text);
                        written++;
                    } catch (e) {
                        process.stderr.write(`${suite}/${pkg} ${name}: ${e && e.message}\n`);
                    }
                }
            } catch (e) {
                process.stderr.write(`${suite}/${pkg}: ${e && e.message}\n`);
            }
        }
    }
    process.exitCode = written ? 0 : 1;
}
main().catch(e => { process.stderr.write(String(e && e.stack) + "\n"); process.exitCode = 1; });
