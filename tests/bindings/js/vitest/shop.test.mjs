// The order page judged by smart in Vitest (tests/bindings/test_js.sh runs
// it clean, with a seeded fault, with -u, over a corrupt baseline, in CI).
import { test, expect } from 'vitest';
import cases from '../cases.js';

for (const { title, snapshot } of cases.CASES) {
  test(title, () => {
    expect(cases.renderOrders()).toMatchSmartSnapshot(snapshot);
  });
}
