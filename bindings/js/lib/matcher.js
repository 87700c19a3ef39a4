'use strict';
// toMatchSmartSnapshot for the runners whose matchers see Jest's matcher
// state (Jest and Vitest): the test file, the test's name and the runner's
// own snapshot update state.
const { matchSmartSnapshot } = require('./snapshot');
const { autoName } = require('./baseline');

// The matcher, with `accept` the command that accepts a change in this
// runner ("jest -u"). expect(html).toMatchSmartSnapshot([name][, options]):
// without a name, the test's name and the count of its snapshots name it.
function jestLikeMatcher(accept) {
  const counts = new Map();
  return function toMatchSmartSnapshot(received, nameOrOptions, moreOptions) {
    if (this.isNot) throw new Error('smart: .not.toMatchSmartSnapshot() has no meaning');
    const named = typeof nameOrOptions === 'string';
    const options = (named ? moreOptions : nameOrOptions) || {};
    const testFile = this.testPath;
    if (!testFile) throw new Error('smart: toMatchSmartSnapshot is used outside a test file');
    let name = named ? nameOrOptions : null;
    if (!name) {
      const key = `${testFile}\0${this.currentTestName}`;
      counts.set(key, (counts.get(key) || 0) + 1);
      name = autoName(this.currentTestName, counts.get(key));
    }
    // 'all' with -u, 'none' with --ci (Jest's default when CI=true, as
    // Vitest's), else 'new'
    const state = this.snapshotState;
    const update = (state && state._updateSnapshot) || 'new';
    const { pass, message } = matchSmartSnapshot(received, { ...options, testFile, name, update,
                                                             accept });
    return { pass, message };
  };
}

module.exports = { jestLikeMatcher };
