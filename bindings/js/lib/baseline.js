'use strict';
// Baselines on disk: where a snapshot's file is, whether its bytes can be
// compared, and writing one so that no reader sees half of it.
const fs = require('fs');
const path = require('path');

const FOLDER = '__smart_snapshots__';
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const KEEP = ['.html', '.htm', '.xml', '.svg', '.xhtml'];
const CONFLICT = /^(<{7} |={7}$|>{7} )/m;

// The baseline file of snapshot `name` of the test file `testFile`:
// __smart_snapshots__/<test file's name>/<name>.html beside it (a name
// ending in .xml, .svg, .xhtml or .htm keeps its ending).
function baselinePath(testFile, name) {
  if (!NAME.test(name) || name.includes('..')) {
    throw new Error(`smart: snapshot name '${name}': use letters, digits, '_', '-' and '.', ` +
                    'no folders');
  }
  const file = KEEP.some((ext) => name.endsWith(ext)) ? name : `${name}.html`;
  return path.join(path.dirname(testFile), FOLDER, path.basename(testFile), file);
}

// A snapshot's name made from a test's name and its count in that test
// ("cart page shows totals 1"): what the name may not hold becomes '-'.
function autoName(testName, count) {
  // the end is kept (it has the count), and cut before the start is
  // cleaned, so that the cut never leaves a '.' or '-' first
  const base = `${testName || 'snapshot'} ${count}`.replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/\.\.+/g, '.').slice(-180).replace(/^[^A-Za-z0-9_]+/, '');
  return base || `snapshot-${count}`;
}

// Why a baseline's bytes are not a document smart can compare, or null:
// a corrupt baseline must never pass silently.
function baselineProblem(buf) {
  const text = buf.toString('latin1');
  if (!text.trim()) return 'it is empty';
  if (buf.includes(0)) return 'it holds NUL bytes (not a text document)';
  if (CONFLICT.test(text)) return 'it holds merge-conflict markers';
  if (!text.replace(/^(\xef\xbb\xbf)?[ \t\r\n]*/, '').startsWith('<')) {
    return "it does not start with markup ('<')";
  }
  return null;
}

// Writes `data` to `file` atomically: a temporary file in the same folder,
// renamed over it, so that a crash or a parallel reader never meets half a
// baseline.
function writeBaseline(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = path.join(path.dirname(file),
                        `.smart-tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644);
    try {
      fs.writeSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

module.exports = { FOLDER, baselinePath, autoName, baselineProblem, writeBaseline };
