// The per-assertion overhead of smart-snapshot's toMatchSmartSnapshot over
// the runner's own toMatchSnapshot (issue 33), in Jest and in Vitest, on a
// suite of 100 tests, each rendering examples/jest's order page and making
// one assertion:
//
//   own    toMatchSnapshot on the page with its time and token fixed (the
//          only way the runner's own snapshot passes a rerun);
//   smart  toMatchSmartSnapshot on the page as it renders, a new time and
//          token each run: every assertion calls `smart classify --json`;
//   same   toMatchSmartSnapshot on the fixed page: byte-identical to its
//          baseline, so smart is not called (the binding's own cost).
//
// A first run of each writes the snapshots and baselines (not timed).
// Then each of PAIRS rounds runs the three suites back to back, in an
// order that rotates; each suite times its 100 assertions inside the test
// (performance.now around expect; Jest in band, Vitest's pool of threads,
// so that smart's processes are the runner's children) and the runner's
// whole process is timed
// too, in wall-clock and (GNU time) in CPU seconds of the runner and all
// it started, smart included: what the work costs, which a loaded machine
// does not inflate as it does the wall clock. Figures are medians over the
// rounds: the assertions' milliseconds each, and the ratio smart/own of
// the same round, so that a busy spell of the shared machine weighs on
// both sides of a ratio.
//
// Usage: node bench/snapshot_overhead.mjs [PAIRS] (default 5); needs
// `make` (build/release/smart, or SMART_BIN) and `make js` (the runners).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JS = path.join(ROOT, 'bindings', 'js');
const PAIRS = Number(process.argv[2] || 5);
const TESTS = 100;

// A temporary project with node_modules holding the runners and
// smart-snapshot (links into bindings/js), as the binding's tests make.
function project() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-bench-'));
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(nm);
  for (const e of fs.readdirSync(path.join(JS, 'node_modules'))) {
    fs.symlinkSync(path.join(JS, 'node_modules', e), path.join(nm, e));
  }
  fs.symlinkSync(JS, path.join(nm, 'smart-snapshot'));
  fs.copyFileSync(path.join(ROOT, 'examples', 'jest', 'shop.js'), path.join(dir, 'shop.js'));
  const body = (imports) => `${imports}
const fixed = { now: new Date('2026-11-29T06:00:00Z'), token: '0123456789abcdef0123456789abcdef' };
const mode = process.env.BENCH_MODE;
let spent = 0;
for (let i = 0; i < ${TESTS}; i++) {
  test('page ' + i, () => {
    const html = renderOrders(undefined, mode === 'smart' ? {} : fixed);
    const t0 = performance.now();
    if (mode === 'own') expect(html).toMatchSnapshot();
    else expect(html).toMatchSmartSnapshot('page-' + i);
    spent += performance.now() - t0;
  });
}
afterAll(() => fs.writeFileSync(process.env.BENCH_OUT, String(spent)));
`;
  fs.writeFileSync(path.join(dir, 'bench.test.js'), body(
    "const fs = require('fs');\nconst { renderOrders } = require('./shop');"));
  fs.writeFileSync(path.join(dir, 'bench.vitest.mjs'), body(
    "import fs from 'node:fs';\nimport { test, expect, afterAll } from 'vitest';\n" +
    "import shop from './shop.js';\nconst { renderOrders } = shop;"));
  fs.writeFileSync(path.join(dir, 'jest.config.js'), "module.exports = { testEnvironment: 'node', " +
    "testMatch: ['**/bench.test.js'], setupFilesAfterEnv: ['smart-snapshot/jest'] };\n");
  fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), "export default { test: { include: " +
    "['bench.vitest.mjs'], setupFiles: ['smart-snapshot/vitest'] } };\n");
  return dir;
}

const TIME = '/usr/bin/time'; // GNU time (Debian's package time): the CPU of a process tree

// Runs one suite; returns { assertions: ms of the 100, wall: ms of the
// process, cpu: ms of CPU of the runner and every process it started
// (smart among them), or NaN without GNU time }.
function run(dir, runner, mode) {
  const out = path.join(dir, `spent-${runner}-${mode}`);
  let cmd = runner === 'jest' ? ['node_modules/.bin/jest', '--ci=false', '--runInBand']
                              : ['node_modules/.bin/vitest', 'run', '--pool=threads'];
  const timed = fs.existsSync(TIME);
  if (timed) cmd = [TIME, '-f', 'smart-bench-cpu %U %S', ...cmd];
  const env = { ...process.env, BENCH_MODE: mode, BENCH_OUT: out, NO_COLOR: '1' };
  delete env.CI;
  const t0 = performance.now();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: dir, env, encoding: 'utf8' });
  const wall = performance.now() - t0;
  if (r.status !== 0) {
    throw new Error(`${runner} ${mode} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const m = timed && /smart-bench-cpu ([0-9.]+) ([0-9.]+)/.exec(r.stderr);
  const cpu = m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN;
  return { assertions: Number(fs.readFileSync(out, 'utf8')), wall, cpu };
}

// The median of a list of numbers.
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const modes = ['own', 'smart', 'same'];
const smartBin = path.resolve(process.env.SMART_BIN || path.join(ROOT, 'build', 'release', 'smart'));
process.env.SMART_BIN = smartBin;
const version = execFileSync(smartBin, ['version'], { encoding: 'utf8' }).trim();
console.log(`snapshot assertions: ${TESTS} tests, one assertion each, ${PAIRS} rounds ` +
            `(medians); ${version}, node ${process.version}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);

for (const runner of ['jest', 'vitest']) {
  // a project per suite: the runner's own snapshot file is not the other
  // suites' (whose assertions would leave its snapshots obsolete)
  const dirs = Object.fromEntries(modes.map((m) => [m, project()]));
  try {
    for (const m of modes) run(dirs[m], runner, m); // writes the snapshots and baselines
    const rounds = [];
    for (let i = 0; i < PAIRS; i++) {
      const order = modes.map((_, k) => modes[(i + k) % modes.length]);
      const got = {};
      for (const m of order) got[m] = run(dirs[m], runner, m);
      rounds.push(got);
    }
    const per = (m) => median(rounds.map((r) => r[m].assertions / TESTS));
    const ratio = (m, what) => median(rounds.map((r) => r[m][what] / r.own[what]));
    const extra = (m) => median(rounds.map((r) => (r[m].assertions - r.own.assertions) / TESTS));
    console.log(`${runner}:`);
    console.log(`  own toMatchSnapshot, fixed page:          ${per('own').toFixed(3)} ms an assertion; ` +
                `suite ${(median(rounds.map((r) => r.own.wall)) / 1000).toFixed(2)} s`);
    const cpuExtra = (m) => median(rounds.map((r) => (r[m].cpu - r.own.cpu) / TESTS));
    for (const [m, label] of [['smart', 'toMatchSmartSnapshot, new time+token:'],
                              ['same', 'toMatchSmartSnapshot, identical page: ']]) {
      console.log(`  ${label}  ${per(m).toFixed(3)} ms an assertion (+${extra(m).toFixed(3)} ms, ` +
                  `x${ratio(m, 'assertions').toFixed(1)}); suite x${ratio(m, 'wall').toFixed(2)}; ` +
                  `CPU +${cpuExtra(m).toFixed(2)} ms an assertion (suite x${ratio(m, 'cpu').toFixed(2)})`);
    }
  } finally {
    for (const d of Object.values(dirs)) fs.rmSync(d, { recursive: true, force: true });
  }
}
