'use strict';
// The snapshot cases of the JavaScript suites, one list for the three
// runners' test files: 'orders' always; the others when SMART_CASES names
// them (tests/bindings/test_js.sh): 'first' (no baseline yet), 'corrupt'
// (a baseline with merge-conflict markers), 'missing' (no baseline, in
// CI), 'unnamed' (names made from the test's name).
const { renderOrders } = require('./shop'); // examples/jest/shop.js

const wanted = (process.env.SMART_CASES || '').split(',').filter(Boolean);

const CASES = [
  { title: 'order page', snapshot: 'orders' },
  { title: 'first run', snapshot: 'first', when: 'first' },
  { title: 'corrupt baseline', snapshot: 'corrupt', when: 'corrupt' },
  { title: 'missing baseline in CI', snapshot: 'missing', when: 'missing' },
].filter((c) => !c.when || wanted.includes(c.when));

module.exports = { CASES, renderOrders, unnamed: wanted.includes('unnamed') };
