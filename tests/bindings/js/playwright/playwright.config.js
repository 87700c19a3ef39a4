// The Playwright project of tests/bindings/test_js.sh: Debian's chromium,
// since no browser build can be downloaded (docs/integrations.md).
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: '.',
  reporter: 'line',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update',
             '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
