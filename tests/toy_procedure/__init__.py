"""A third combat procedure used only by the tests, to prove the procedure boundary closed: one
decision box, one die. Its rules (`rules.py`, pure Python like guerra/rules), its web adapter
(`adapter.py`) and its partials (`templates/`) live here; one line of tests/settings.py
(GUERRA_PROCEDURES) registers it. No file of seed 004 or d10, nor of the shared code, names it.
"""
