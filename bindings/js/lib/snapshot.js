'use strict';
// One snapshot assertion, whatever the runner: the first run writes the
// baseline, later runs pass when the output is byte-identical or smart says
// ignore, and fail when smart says inspect, with the reasons and what
// changed; an update accepts (docs/integrations.md). The runners' matchers
// (jest.js, vitest.mjs, playwright.js) only say which test, which name and
// which update state.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { classify } = require('./cli');
const { baselinePath, baselineProblem, writeBaseline } = require('./baseline');

// .smart/<file> of the application: in the nearest folder above the test
// file that has one, else in the current folder (where `smart review`
// keeps .smart/, docs/review.md); null when there is none.
function appFile(testFile, file) {
  for (let dir = path.dirname(path.resolve(testFile)); ; dir = path.dirname(dir)) {
    const p = path.join(dir, '.smart', file);
    if (fs.existsSync(p)) return p;
    if (path.dirname(dir) === dir) break;
  }
  const p = path.join(process.cwd(), '.smart', file);
  return fs.existsSync(p) ? p : null;
}

// A path as the message shows it: relative to the current folder.
function shown(file) {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

// JSON quoting of a value of the page, cut to `limit` characters.
function quote(s, limit = 120) {
  return JSON.stringify(s.length <= limit ? s : `${s.slice(0, limit)}...`);
}

// One edit operation of smart's explanation as a line a person reads:
// `delete /html/body/table/tr[3]: "Hose 3 29.90"`.
function changeLine(op) {
  const kind = op.op || '?';
  const where = op.path || '?';
  if (kind === 'move') return `move ${where} -> ${op.to || '?'}`;
  if (kind === 'insert' || kind === 'delete') {
    return `${kind} ${where}` + ('text' in op ? `: ${quote(op.text)}` : '');
  }
  const at = 'name' in op ? `${where} @${op.name}` : where;
  const sides = ['old', 'new'].filter((k) => k in op).map((k) => quote(op[k]));
  return `${kind} ${at}: ${sides.join(' -> ')}`;
}

// The failure's text: what smart decided, why, and what changed.
function failureMessage(name, file, d, accept) {
  const fmt = (x) => String(Number(Number(x).toPrecision(4)));
  const lines = [
    `smart: snapshot '${name}' needs a look: ${d.decision} (score ${fmt(d.score)}, inspect ` +
      `when score ${d.comparison} ${fmt(d.cutoff)}; severity ${d.severity})`,
    `  baseline ${shown(file)}`,
    'why:',
    ...(d.reasons || []).map((r) => `  ${r}`),
  ];
  const changes = d.changes || [];
  if (changes.length) {
    const total = d.changes_total || changes.length;
    const more = total > changes.length ? `, the first ${changes.length}` : '';
    lines.push(`what changed (${total} operations${more}):`, ...changes.map((c) => `  ${changeLine(c)}`));
  }
  lines.push(`accept the new output with: ${accept}`);
  return lines.join('\n');
}

// Says on stderr what an assertion did to a baseline, as Jest's summary
// says "1 snapshot written".
function notice(what, file) {
  process.stderr.write(`smart: baseline ${what}: ${shown(file)}\n`);
}

// Compares `html` with the baseline `name` of `testFile`. `update` is the
// runner's own state: 'all' (-u: flagged and corrupt baselines are
// replaced), 'new' (missing ones are written) or 'none' (--ci, CI=true:
// a missing baseline fails). Returns { pass, message } as a matcher does;
// throws on a corrupt or unreadable baseline and on smart's trouble.
function matchSmartSnapshot(html, { testFile, name, update = 'new', accept = '-u', model,
                                    profile, format } = {}) {
  if (typeof html !== 'string' && !Buffer.isBuffer(html)) {
    throw new TypeError(`smart: snapshot '${name}': expected the page's HTML as a string or ` +
                        `Buffer, got ${html === null ? 'null' : typeof html}`);
  }
  const file = baselinePath(testFile, name);
  const fresh = Buffer.isBuffer(html) ? html : Buffer.from(html, 'utf8');
  let old;
  try {
    old = fs.readFileSync(file);
  } catch (e) {
    if (e.code !== 'ENOENT') {
      throw new Error(`smart: cannot read the baseline ${shown(file)}: ${e.message}`);
    }
    if (update === 'none') {
      return { pass: false, message: () => `smart: snapshot '${name}' has no baseline ` +
        `(${shown(file)}), and new baselines are not written in CI (--ci, CI=true): write it ` +
        'with a run outside CI and commit it' };
    }
    writeBaseline(file, fresh);
    notice('written (first run)', file);
    return { pass: true, message: () => `smart: snapshot '${name}' was written` };
  }
  const problem = baselineProblem(old);
  if (problem && update === 'all') {
    writeBaseline(file, fresh);
    notice('updated (it was corrupt)', file);
    return { pass: true, message: () => `smart: snapshot '${name}' was updated` };
  }
  if (problem) {
    throw new Error(`smart: the baseline ${shown(file)} is corrupt: ${problem}; fix or delete ` +
                    `it, or rerun with ${accept} to replace it`);
  }
  if (old.equals(fresh)) return { pass: true, message: () => `smart: snapshot '${name}' matched` };

  // the new output where smart reads it, under the name a profile knows it
  // by: the baseline's path under __smart_snapshots__
  // (a folder of this comparison's own, removed at once: a runner may end
  // its workers with a signal, and nothing would be left for an exit hook)
  const test = path.join(path.basename(testFile), path.basename(file));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-snapshot-'));
  let d;
  try {
    fs.mkdirSync(path.join(dir, path.dirname(test)));
    fs.writeFileSync(path.join(dir, test), fresh);
    d = classify(file, test, { model: model || appFile(testFile, 'model.json'),
                               profile: profile || appFile(testFile, 'profile.json'),
                               format, cwd: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (d.decision !== 'inspect') {
    return { pass: true, message: () => `smart: snapshot '${name}': ${d.decision}` };
  }
  if (update === 'all') {
    writeBaseline(file, fresh);
    notice('updated', file);
    return { pass: true, message: () => `smart: snapshot '${name}' was updated` };
  }
  return { pass: false, message: () => failureMessage(name, file, d, accept), decision: d };
}

module.exports = { matchSmartSnapshot, changeLine, failureMessage, appFile };
