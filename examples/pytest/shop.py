"""A tiny shop whose order page the example's test renders: Python's
standard library only (string.Template, html.escape). Each render has the
time it was made and a fresh CSRF token, as a real page has; SHOP_FAULT=
drop-row seeds a fault: the last order row is lost."""
import datetime
import html
import os
import secrets
from string import Template

ORDERS = [
    (10231, "Kettle", 1, 24.00),
    (10232, "Toaster", 2, 31.50),
    (10240, "Garden hose", 1, 29.90),
]

PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head><title>Your orders</title></head>
<body>
<header><h1>Your orders</h1><p class="generated">Generated $now</p></header>
<table id="orders">
<tr><th>Order</th><th>Item</th><th>Qty</th><th>Total</th></tr>
$rows
</table>
<form method="post" action="/orders/cancel">
<input type="hidden" name="csrf_token" value="$token">
<select name="order">$options</select>
<button type="submit">Cancel order</button>
</form>
<footer>Order total: $total</footer>
</body>
</html>
""")


def render_orders(orders=ORDERS, now=None, token=None):
    """The order page as the application serves it."""
    if os.environ.get("SHOP_FAULT") == "drop-row":
        orders = orders[:-1]  # the seeded fault: an off-by-one loses the last order
    now = now or datetime.datetime.now(datetime.timezone.utc)
    rows = "\n".join(
        f"<tr><td>{number}</td><td>{html.escape(item)}</td><td>{qty}</td>"
        f"<td>${qty * price:.2f}</td></tr>" for number, item, qty, price in orders)
    options = "".join(f'<option value="{n}">{n}</option>' for n, *_ in orders)
    total = sum(qty * price for _, _, qty, price in orders)
    return PAGE.substitute(now=now.strftime("%Y-%m-%d %H:%M:%S UTC"), rows=rows,
                           token=token or secrets.token_hex(16), options=options,
                           total=f"${total:.2f}")
