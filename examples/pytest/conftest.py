# Lets the test import shop.py from this folder however pytest is started.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
