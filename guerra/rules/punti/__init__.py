""""punti": attack points against the best defence, damage, retreat, counter-attack (seed 001,
fitted to this board in procedures/punti.md, rules E1-E11). Importing the package registers it
as "punti".

Rulings made here beyond punti.md (each documented where it is implemented):
- E1: the profiles' bounds: whole numbers, attack, defence, health and speed at most 20 (health
  at least 1), range at most 3. E3: an army reaches the regions and homes up to its range in
  land links away (`LinkedForce.distance`); range 0 keeps armies out of linked regions.
- E3: a home linked to a region (`LinkedForce.region` None) is a place one land link farther
  than that region, and an end (nothing lies beyond it): armies there may reinforce either
  side's main power or ally.
- E4/E5: when its deadline passes, a main player names nobody (naming engages units for the
  round and asks the allies). An ally with several groups named answers for each group, in the
  order named; allies are asked in the war's turn order starting after the attacker (as d10),
  the attacker's allies (E4) before the defender names its own (E5). The defender names its
  groups knowing which attacking groups joined (nothing is secret in "punti").
- E7/E10: a target number (or counter-attack dice) of 0 (profiles with defence 0): every die
  hits (no counter-attack die is rolled).
- E8: the default order is computed point by point (the least health left after the points
  already placed), so it finishes a unit before starting the next. A spread is an
  `Allocation` over unit ids: points on reinforcements only once the primary stack's units
  all reach 0. The defender places the damage on its allies' units too; a neutral never
  chooses (the default).
- E9: "half its health at the start of the battle" is the primary defender's total health
  (sum over its units, forts included); the retreat concerns its armies and fleets only, and
  happens only when one of them still stands. The defender is asked only when its armies have
  two places or more to go. Retreating armies with nowhere to go are destroyed: they give 1
  unrest each (destroyed units, E11); the retreat itself gives none.
- E10: the defender is asked only when the primary defender still has a unit in the region;
  the counter-attack's damage is placed by the attacker with E8's rules on the primary
  attacker only.
- E11: control changes as in L8-L9: the defender's marker removed and the attacker's placed
  only when the defender had one there (as seed 004 and d10); the attacker places one only while
  it has one in its supply. Against a neutral: N3's reward and a control marker when its armies
  are all destroyed.
- Outcomes: "attacker_wins" when the primary defender has no unit left in the region and the
  primary attacker still has one, "defender_wins" otherwise; there are no ties.
- Units engaged (E3): the primary stacks' armies and fleets and every group that joined, told
  as `UnitsEngaged` when the attack roll comes (even when nobody defends).
"""

from guerra.rules.flowchart import register
from guerra.rules.punti.procedure import PUNTI_PROCEDURE

register(PUNTI_PROCEDURE)

__all__ = ["PUNTI_PROCEDURE"]
