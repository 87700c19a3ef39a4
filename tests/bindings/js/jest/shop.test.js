// The order page judged by smart in Jest (tests/bindings/test_js.sh runs
// it clean, with a seeded fault, with -u, over a corrupt baseline, in CI).
const { CASES, renderOrders, unnamed } = require('../cases');

for (const { title, snapshot } of CASES) {
  test(title, () => {
    expect(renderOrders()).toMatchSmartSnapshot(snapshot);
  });
}

if (unnamed) {
  test('unnamed snapshots', () => {
    expect(renderOrders()).toMatchSmartSnapshot();
    expect(Buffer.from(renderOrders())).toMatchSmartSnapshot();
  });
}
