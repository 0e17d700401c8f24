"""Shared pytest configuration (also used when the tests run against an installed wheel)."""


def pytest_configure(config):
    config.addinivalue_line("markers",
                            "bench: kernel micro-benchmarks (run with --benchmark-enable)")
