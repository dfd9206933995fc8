"""Process-level pieces under the app, each a speed-up over a stock piece of Django, Channels or
Python with a setting that turns it off: the request handler and its garbage collection, the
daphne wrapper, the in-memory channel layer, the SQLite backend, prepared statements and the
process's cache of values that never change."""
