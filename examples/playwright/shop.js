'use strict';
// A tiny shop served over HTTP (Node's standard library only): its cart
// page at /cart, the page the example's test opens in Chromium. Each
// response has the time it was made and a fresh CSRF token, as a real page
// has; SHOP_FAULT=drop-row seeds a fault: an off-by-one loses the last
// line of the cart. `node shop.js` serves it on http://127.0.0.1:8080/cart.
const crypto = require('crypto');
const http = require('http');

const CART = [
  ['KT-100', 'Kettle', 1, 24.0],
  ['TS-220', 'Toaster', 2, 31.5],
  ['GH-015', 'Garden hose', 1, 29.9],
];

// The text of a value, safe inside HTML.
function escape(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The cart page as the shop serves it.
function renderCart(lines = CART) {
  if (process.env.SHOP_FAULT === 'drop-row') lines = lines.slice(0, -1);
  const now = new Date().toUTCString();
  const rows = lines.map(([sku, item, qty, price]) =>
    `<tr><td>${escape(sku)}</td><td>${escape(item)}</td><td>${qty}</td>` +
    `<td>$${(qty * price).toFixed(2)}</td></tr>`).join('\n');
  const total = lines.reduce((sum, [, , qty, price]) => sum + qty * price, 0);
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Your cart</title></head>
<body>
<nav><a href="/">Shop</a> <a href="/cart">Cart (${lines.length})</a></nav>
<h1>Your cart</h1>
<table id="cart">
<thead><tr><th>SKU</th><th>Item</th><th>Qty</th><th>Price</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" action="/checkout">
<input type="hidden" name="csrf_token" value="${crypto.randomBytes(16).toString('hex')}">
<p>Total: <strong>$${total.toFixed(2)}</strong></p>
<button type="submit">Check out</button>
</form>
<footer>Prices as of ${now}</footer>
</body>
</html>
`;
}

// A server of the shop on `port` of 127.0.0.1 (0: any free one); resolves
// to the listening server.
function serve(port = 0) {
  const server = http.createServer((req, res) => {
    if (req.url === '/cart') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(renderCart());
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (require.main === module) {
  serve(Number(process.env.PORT || 8080)).then((s) =>
    console.log(`the shop: http://127.0.0.1:${s.address().port}/cart`));
}

module.exports = { renderCart, serve };
