# The plugin tests run pytest inside pytest (pytester).
pytest_plugins = ["pytester"]
