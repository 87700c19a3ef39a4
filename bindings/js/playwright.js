'use strict';
// Playwright: import { test, expect } from 'smart-snapshot/playwright' in
// place of '@playwright/test', then
//   await expect(page).toMatchSmartSnapshot('cart');
// compares page.content() (or a string, or a Locator's outer HTML) with
// the baseline. `playwright test -u` accepts. The fixture option
// `smartSnapshot: { model, profile }` in the config's `use` names a model
// or profile other than .smart/model.json and .smart/profile.json.
const base = require('@playwright/test');
const { matchSmartSnapshot } = require('./lib/snapshot');
const { autoName } = require('./lib/baseline');

let current = {};
const counts = new Map();

// Playwright's --update-snapshots as the core's update state: 'changed'
// and 'all' accept; 'missing' (the default) writes missing baselines but
// not in CI (CI=true), where a missing baseline fails, as Jest's --ci.
function updateState(setting) {
  if (setting === 'all' || setting === 'changed') return 'all';
  if (setting === 'none') return 'none';
  return process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0' ? 'none' : 'new';
}

// The HTML of what expect() was given: a Page's content, a Locator's or
// element handle's outer HTML, or a string or Buffer as it is.
async function htmlOf(received) {
  if (typeof received === 'string' || Buffer.isBuffer(received)) return received;
  if (received && typeof received.content === 'function' && typeof received.goto === 'function') {
    return received.content();
  }
  if (received && typeof received.evaluate === 'function') {
    return received.evaluate((el) => el.outerHTML);
  }
  throw new TypeError('smart: toMatchSmartSnapshot expects a Page, a Locator or the HTML');
}

const expect = base.expect.extend({
  // await expect(page).toMatchSmartSnapshot([name][, options]): without a
  // name, the test's titles and the count of its snapshots name it
  async toMatchSmartSnapshot(received, nameOrOptions, moreOptions) {
    if (this.isNot) throw new Error('smart: .not.toMatchSmartSnapshot() has no meaning');
    const info = base.test.info();
    const named = typeof nameOrOptions === 'string';
    const options = { ...current, ...((named ? moreOptions : nameOrOptions) || {}) };
    let name = named ? nameOrOptions : null;
    if (!name) {
      const key = `${info.testId}\0${info.retry}`;
      counts.set(key, (counts.get(key) || 0) + 1);
      name = autoName(info.titlePath.slice(1).join(' '), counts.get(key));
    }
    const html = await htmlOf(received);
    const { pass, message } = matchSmartSnapshot(html, {
      ...options, testFile: info.file, name, update: updateState(info.config.updateSnapshots),
      accept: 'playwright test -u' });
    return { pass, message, name: 'toMatchSmartSnapshot' };
  },
});

const test = base.test.extend({
  // the model and profile for this project's snapshots (an option)
  smartSnapshot: [{}, { option: true }],
  // hands the option to the matcher, which has no fixtures of its own
  _smartSnapshotOptions: [async ({ smartSnapshot }, use) => {
    current = smartSnapshot || {};
    await use(current);
    current = {};
  }, { auto: true }],
});

module.exports = { ...base, test, expect };
