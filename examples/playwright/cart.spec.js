// The cart page, opened in Chromium and judged by smart: a new timestamp
// and token pass, a lost cart line fails with the reason (README.md).
const { test: base, expect } = require('smart-snapshot/playwright');
const { serve } = require('./shop');

// The shop, served on a free port of 127.0.0.1 for this worker's tests.
const test = base.extend({
  shopURL: [async ({}, use) => {
    const server = await serve(0);
    await use(`http://127.0.0.1:${server.address().port}`);
    server.close();
  }, { scope: 'worker' }],
});

test('cart page', async ({ page, shopURL }) => {
  await page.goto(`${shopURL}/cart`);
  await expect(page).toMatchSmartSnapshot('cart');
});
