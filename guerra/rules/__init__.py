"""The rules of Guerra: pure Python, nothing of Django (see tests/rules/engine/test_no_django.py).

- `flowchart`: the generic machinery (graph, engine, registry of combat procedures), with
  `flowtypes` (the values it and the boxes exchange) and `cursor` (where a procedure stands);
- `dice`, `i18n`, `events`, `explore` (playing a procedure and its exact odds): shared;
- `seed004`: the attack procedure of attack-rules.md, registered as "seed004";
- `d10`: ten-sided dice in ranked pairs (procedures/d10.md), registered as "d10";
- `punti`: attack points, damage, retreat, counter-attack (procedures/punti.md), "punti";
- `finestre`: response windows and battle cards (procedures/finestre.md), "finestre";
- `piano`: plan every step, then roll and assign the dice (procedures/piano.md), "piano".

Run `python -m guerra.rules resolve|odds CASE.json` to check a case on its own.
"""

# Importing a procedure package registers it; a new procedure is one more import here.
from guerra.rules import d10 as d10
from guerra.rules import finestre as finestre
from guerra.rules import piano as piano
from guerra.rules import punti as punti
from guerra.rules import seed004 as seed004
