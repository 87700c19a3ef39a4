'use strict';
// smart-snapshot: HTML snapshots that fail only when smart says a change
// needs a human's look (docs/integrations.md). The runners' entry points:
// smart-snapshot/jest, smart-snapshot/vitest and smart-snapshot/playwright;
// this one is the runner-free core.
const { matchSmartSnapshot, changeLine, failureMessage } = require('./lib/snapshot');
const { jestLikeMatcher } = require('./lib/matcher');
const { classify, smartBinary } = require('./lib/cli');
const { FOLDER, baselinePath, baselineProblem } = require('./lib/baseline');

module.exports = {
  matchSmartSnapshot,
  toMatchSmartSnapshot: jestLikeMatcher('-u'),
  jestLikeMatcher,
  classify,
  smartBinary,
  baselinePath,
  baselineProblem,
  changeLine,
  failureMessage,
  SNAPSHOTS: FOLDER,
};
