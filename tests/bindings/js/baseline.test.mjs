// bindings/js/lib/baseline.js without a runner (node --test): names made
// from any test name are names a baseline may have, inside its folder; the
// corrupt baselines are told apart from pages.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { autoName, baselinePath, baselineProblem } = require(process.env.SMART_JS_BASELINE);

// A random string of `n` characters from a mix of ASCII, '/', '.', spaces
// and non-ASCII letters, from the generator `rand`.
function randomName(rand, n) {
  const alphabet = 'aZ09 _-./\\..:\u00e9\u4e2d\t';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}

test('auto names of any test name are valid names inside the test file folder', () => {
  const first = Number(process.env.SMART_TEST_SEED || Date.now() % 100000);
  let seed = first;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const folder = path.join('/p', '__smart_snapshots__', 'a.test.js');
  for (let i = 0; i < 2000; i++) {
    const name = autoName(randomName(rand, Math.floor(rand() * 300)), 1 + (i % 5));
    let file;
    assert.doesNotThrow(() => { file = baselinePath('/p/a.test.js', name); },
                        `SMART_TEST_SEED=${first}: ${name}`);
    assert.equal(path.dirname(file), folder, `SMART_TEST_SEED=${first}: ${name}`);
  }
});

test('names with folders or dot-dot are refused', () => {
  for (const bad of ['../x', 'a/b', '..', '.hidden', '', 'a..b']) {
    assert.throws(() => baselinePath('/p/a.test.js', bad), /snapshot name/);
  }
});

test('corrupt baselines are told apart from pages', () => {
  assert.equal(baselineProblem(Buffer.from('<!DOCTYPE html><p>x</p>')), null);
  assert.equal(baselineProblem(Buffer.from('\xef\xbb\xbf\n  <html></html>', 'latin1')), null);
  assert.match(baselineProblem(Buffer.from(' \n')), /empty/);
  assert.match(baselineProblem(Buffer.from('<p>\0</p>')), /NUL/);
  assert.match(baselineProblem(Buffer.from('<p>\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n')), /conflict/);
  assert.match(baselineProblem(Buffer.from('PK\x03\x04')), /markup/);
});
