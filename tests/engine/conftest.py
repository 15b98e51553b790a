"""Engine fixtures live in tests/conftest.py (``setups``: the reference teams)."""
