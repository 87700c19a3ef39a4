'use strict';
// A tiny shop whose order page the example's test renders (Node's standard
// library only), as examples/pytest's shop.py does; tests/bindings/js's
// suites render it too. Each render has the time it was made and a fresh
// CSRF token, as a real page has; SHOP_FAULT=drop-row seeds a fault: an
// off-by-one loses the last order.
const crypto = require('crypto');

const ORDERS = [
  [10231, 'Kettle', 1, 24.0],
  [10232, 'Toaster', 2, 31.5],
  [10240, 'Garden hose', 1, 29.9],
];

// The order page as the application serves it; `now` (a Date) and `token`
// fix the volatile values, as bench/snapshot_overhead.mjs needs for the
// runner's own toMatchSnapshot.
function renderOrders(orders = ORDERS, { now = new Date(), token } = {}) {
  if (process.env.SHOP_FAULT === 'drop-row') orders = orders.slice(0, -1);
  const generated = now.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const rows = orders.map(([n, item, qty, price]) =>
    `<tr><td>${n}</td><td>${item}</td><td>${qty}</td><td>$${(qty * price).toFixed(2)}</td></tr>`);
  const options = orders.map(([n]) => `<option value="${n}">${n}</option>`).join('');
  const total = orders.reduce((sum, [, , qty, price]) => sum + qty * price, 0);
  return `<!DOCTYPE html>
<html lang="en">
<head><title>Your orders</title></head>
<body>
<header><h1>Your orders</h1><p class="generated">Generated ${generated}</p></header>
<table id="orders">
<tr><th>Order</th><th>Item</th><th>Qty</th><th>Total</th></tr>
${rows.join('\n')}
</table>
<form method="post" action="/orders/cancel">
<input type="hidden" name="csrf_token" value="${token || crypto.randomBytes(16).toString('hex')}">
<select name="order">${options}</select>
<button type="submit">Cancel order</button>
</form>
<footer>Order total: $${total.toFixed(2)}</footer>
</body>
</html>
`;
}

module.exports = { renderOrders };
