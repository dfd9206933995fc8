"""Tests of the benches' own helpers (the benches themselves print figures, never assert)."""
