'use strict';
// Jest: `setupFilesAfterEnv: ['smart-snapshot/jest']` in the Jest config,
// then expect(html).toMatchSmartSnapshot() in a test. `jest -u` accepts.
const { jestLikeMatcher } = require('./lib/matcher');

expect.extend({ toMatchSmartSnapshot: jestLikeMatcher('jest -u') });
