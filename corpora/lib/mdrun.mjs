// Render every tests/*.md with one JavaScript markdown library, one output
// file per test.  The test harness of the npm corpora.
//   node mdrun.mjs API MODULE TESTS_DIR OUT_DIR [OPTIONS_JSON]
// API: marked | markdown-it | commonmark.  MODULE: the file to import, or
// the package directory.
// A test whose rendering throws gets the error as its output page (what a
// site using the library would show), so one failing test never hides the
// others.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const [api, modPath, testsDir, outDir, optJson] = process.argv.slice(2);

// Math.random is seeded (SMART_RUN_SEED, default 1) so that a run is
// reproducible; clean reruns use other seeds (marked 4.x draws e-mail
// obfuscation from it).  mulberry32.
let rs = (Number(process.env.SMART_RUN_SEED) || 1) >>> 0;
Math.random = () => {
  rs = (rs + 0x6d2b79f5) >>> 0;
  let t = rs;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const opts = optJson ? JSON.parse(optJson) : {};
// MODULE may be a package directory: load its CommonJS entry point.
const mod = fs.statSync(modPath).isDirectory()
  ? createRequire(import.meta.url)(path.resolve(modPath))
  : await import(pathToFileURL(path.resolve(modPath)).href);
console.warn = () => {};            // deprecation notices are not output

let render;
if (api === "marked") {
  const m = mod.marked || (mod.default && mod.default.marked) || mod.default || mod;
  render = (md) => (m.parse ? m.parse(md, opts) : m(md, opts));
} else if (api === "markdown-it") {
  const MI = mod.default || mod;
  const md = MI(Object.assign({ html: true }, opts));
  render = (src) => md.render(src);
} else if (api === "commonmark") {
  const cm = mod.Parser ? mod : mod.default;
  const parser = new cm.Parser();
  const renderer = new cm.HtmlRenderer(opts);
  render = (src) => renderer.render(parser.parse(src));
} else {
  throw new Error("mdrun: unknown api " + api);
}

fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(testsDir).sort()) {
  if (!f.endsWith(".md")) continue;
  const src = fs.readFileSync(path.join(testsDir, f), "utf8");
  let html;
  try {
    html = String(render(src));
  } catch (e) {
    html = "<p>An error occurred:</p><pre>" +
      String(e && e.message).replace(/&/g, "&amp;").replace(/</g, "&lt;") + "</pre>\n";
  }
  fs.writeFileSync(path.join(outDir, f.replace(/\.md$/, ".html")), html);
}
