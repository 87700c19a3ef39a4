"""The order page, judged by smart: a new timestamp and token pass, a lost
order row fails with the reason (README.md)."""
from shop import render_orders


def test_order_page(smart_snapshot):
    smart_snapshot.assert_match(render_orders(), "orders")
