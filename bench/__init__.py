"""Benchmarks that print figures (see bench/README.md)."""
