// The order page judged by smart in Playwright: Chromium renders the page
// and page.content() is compared (tests/bindings/test_js.sh runs it clean,
// with a seeded fault, with -u, over a corrupt baseline, in CI).
const { test, expect } = require('smart-snapshot/playwright');
const { CASES, renderOrders } = require('../cases');

for (const { title, snapshot } of CASES) {
  test(title, async ({ page }) => {
    await page.setContent(renderOrders());
    await expect(page).toMatchSmartSnapshot(snapshot);
  });
}
