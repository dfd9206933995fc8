"""Seed 004: "Un attacco è dichiarato!" — the attack procedure of attack-rules.md.

Importing the package registers the procedure as "seed004" (`get_procedure("seed004")`).

Rulings made here beyond attack-rules.md (each documented where it is implemented):
- Commitment order (M5/L6 "first ally in commitment order") is the invitation order of the
  situation's ally tuples, not the order in which answers arrive: the result must not depend
  on who clicks first. The game invites in a fixed order (e.g. turn order).
- Timeouts (A3 and the other decisions): allies decline; the attacker fights the naval battle
  and the defender accepts it; no Alliance tile goes to sea; a land loss is an army.
- Only powers with a real choice are asked: tiles at sea only for a power holding Alliance
  tiles for the region; a loss choice only when the defender's main player holds both an
  army and a fort and the loss may be a fort; an ally only with the units that could change
  something (A1/A2, `Situation.useful`: armies only when a land battle will be fought, fleets
  only where there is sea and they could fight or win naval support), and not at all when
  none could.
- The neutral's N6 seven has no effect (it has no units); the attacker's 7 costs an army even
  when it wins, and a won attack against a neutral places a marker only under L9.
"""

from guerra.rules.flowchart import register
from guerra.rules.seed004.procedure import SEED004

register(SEED004)

__all__ = ["SEED004"]
