"""Shared pytest configuration (also used when the tests run against an installed wheel)."""


def pytest_configure(config):
    config.addinivalue_line("markers",
                            "bench: kernel micro-benchmarks (run with --benchmark-enable)")
    config.addinivalue_line("markers", "slow: long sweeps, left out by default (pytest -m slow)")
