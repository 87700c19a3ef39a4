// Debian's chromium (apt-get install chromium): Playwright's own browser
// download ('npx playwright install') is not needed.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: '.',
  reporter: 'list',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update',
             '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
