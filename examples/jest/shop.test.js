// The order page, judged by smart: a new timestamp and token pass, a lost
// order row fails with the reason (README.md).
const { renderOrders } = require('./shop');

test('order page', () => {
  expect(renderOrders()).toMatchSmartSnapshot('orders');
});
