""""d10": ten-sided dice in ranked pairs, reinforcements by arrival (seed 000, fitted to this
board in procedures/d10.md, rules P1-P9). Importing the package registers it as "d10".

Rulings made here beyond d10.md (each documented where it is implemented):
- A defending faction with no unit at the declaration (a defender with control markers only)
  makes no pair: no die is rolled, the battle is over at once (P6) and the attacker takes the
  region.
- Seed 004's N0 does not apply: against a neutral the attacker's fleets roll too (P1); only its
  armies and fleets fight, never its forts.
- The losses of an exchange that leave no choice are taken at once; every power that has a
  real choice (P5: only between armies and fleets; a fort goes only when no army or fleet is
  left) chooses, all such powers at once, and their losses are then taken in the order the
  exchange names them: the attacking side's first.
- P7's "the first attacking reinforcement ... places it instead" is written out, though a
  wiped-out defending faction lost every pair of its last exchange, so whoever rolled against
  it still has all its units; were nobody left to take the region, the defender would keep
  its control marker.
- Nobody is asked an answer that could change nothing (P4/P6, `Situation.to_ask`): a
  defending ally's arrival fights no exchange, so the defending allies after the last
  attacking ally in the asking order are never asked, and the battle ends once that one has
  answered (at once when there is none: the attacker lost everything and no ally of its can
  come, say).
- Outcomes: "attacker_wins" when the defending faction has no unit left, "defender_wins"
  otherwise; there are no ties.
"""

from guerra.rules.d10.procedure import D10_PROCEDURE
from guerra.rules.flowchart import register

register(D10_PROCEDURE)

__all__ = ["D10_PROCEDURE"]
