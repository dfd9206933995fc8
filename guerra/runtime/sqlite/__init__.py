"""SQLite with one queue of writers per process: see base.py."""
