'use strict';
// The smart command, run once per compared pair: `smart classify --json
// OLD NEW` (docs/integrations.md). Where it is: $SMART_BIN, else `smart`
// on PATH, else the build of the source tree this package sits in (or the
// current folder is in): build/release/smart.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

let found = null;

// True when `file` is a regular file this process may execute.
function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// The smart of a source tree above `start`: a folder with a Makefile and
// build/release/smart (the repository's own build, as `make` leaves it).
function fromSourceTree(start) {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const exe = path.join(dir, 'build', 'release', 'smart');
    if (fs.existsSync(path.join(dir, 'Makefile')) && executable(exe)) return exe;
    if (path.dirname(dir) === dir) return null;
  }
}

// The smart command to run, found once per process; throws with what was
// tried when there is none, since no comparison can be made without it.
function smartBinary() {
  if (found) return found;
  // absolute: the command runs in another folder (classify's cwd)
  const env = process.env.SMART_BIN && path.resolve(process.env.SMART_BIN);
  if (env) {
    if (!executable(env)) throw new Error(`smart: SMART_BIN=${env} is not an executable file`);
    return (found = env);
  }
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const exe = path.resolve(dir || '.', 'smart');
    if (executable(exe)) return (found = exe);
  }
  found = fromSourceTree(__dirname) || fromSourceTree(process.cwd());
  if (!found) {
    throw new Error('smart: the smart command was not found: set SMART_BIN, put smart on PATH ' +
                    '(make install), or build the source tree (make)');
  }
  return found;
}

// Classifies the pair of files (old, new) with `smart classify --json`:
// the decision object of docs/integrations.md (decision, score, cutoff,
// comparison, severity, reasons, discounted, changes, ...). `cwd` is where
// the command runs: `newPath`, relative to it, is the test's name a
// profile knows. Throws the command's own error line on trouble (exit 2).
function classify(oldPath, newPath, { model, profile, format, cwd } = {}) {
  const args = ['classify', '--json'];
  if (model) args.push('--model', model);
  if (profile) args.push('--profile', profile);
  if (format === 'html' || format === 'xml') args.push(`--${format}`);
  args.push(oldPath, newPath);
  const exe = smartBinary();
  const r = spawnSync(exe, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`smart: cannot run ${exe}: ${r.error.message}`);
  if (r.status !== 0 && r.status !== 1) {
    const line = (r.stderr || '').trim() || `${exe} exited with status ${r.status}`;
    throw new Error(line.startsWith('smart') ? line : `smart: ${line}`);
  }
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`smart: ${exe} classify --json printed no JSON object`);
  }
}

module.exports = { classify, smartBinary };
