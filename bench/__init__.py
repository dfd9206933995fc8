"""Benchmarks that print figures (see the README's benchmark section)."""
