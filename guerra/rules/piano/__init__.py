""""piano": plan every step, then roll and assign the dice (seed 003, fitted to this board in
procedures/piano.md, rules K1-K11). Importing the package registers it as "piano".

Public interface (for the web adapter; changed only by adding):
- graph nodes (`graph.py`): "declared", "plan" (K3-K4, both sides at once, secret), "roll"
  (K5), "reroll" (K5, both at once, secret), "reroll_roll" (K5, skipped when nobody rerolls),
  "assign" (K6, both at once, secret), "damage" (K7-K10), "losses" (K2, one power at a time),
  "result" (K2, K10, L8-L9, K11), "ended".
- inputs (`inputs.py`): `Plan(power, step, steps)` with `PlanStep(action, characteristic)`,
  `Reroll(power, step, dice)`, `Assign(power, step, dice)` (None: "best"),
  `LossOrder(power, step, kinds)`; `inputs.input_from_json(node, power, step, data)`.
- events (`events.py`): `PlanMade`, `PlansRevealed`, `DiceRolled`, `DiceRerolled`,
  `DiceAssigned`, `StepsTaken`, `DamageDone`, `LossOrderChosen`, and the shared effects.
- state (`state.py`): `PianoState` with `attackers`/`defenders` (`Member`), `attacker`/
  `defender` (`SideState`: ratings, plan, rolls, reroll, dice, assignment, best, steps
  (`StepResult`), dealt, failed, taken), `plans_revealed`, `rerolls_revealed`, `assigned`,
  `loss_orders`, `losses`, `winner`; `Situation` in `model.py`.
- data (`data.py`): `{"ratings": {"army": [4, 2, 2, 4], ...}, "integrity": {"army": 2, ...}}`,
  `Procedure.read_data` (one Italian line per mistake), `Engagement.procedure_data` →
  `Situation.data`.
- odds (`odds.py`): `piano_odds(state, power)` → `PianoOdds(estimate, revealed, label)`,
  `label` a rules' msgid saying which plans the odds assume; None for a viewer who gets no odds
  (`odds_shown`: before the plans are revealed, anyone but the attacker).

Rulings made here beyond piano.md (each documented where it is implemented):
- K1: a side with no unit in the battle (a defender with only control markers) has no
  ratings, so neither strength nor weakness; an ally's forts never fight (only its committed
  armies and fleets), nor the attacker's. Ratings are whole numbers 1-6, integrity 1-9.
- K11: a neutral's every rating is its defence value kept within 1-6, its integrity its
  defence value (at least 1); its plan is public (the default one, K11). A neutral's unit
  destroyed by a combat the attacker does not win stays (no power loses anything); the
  marker leaves only when the attacker wins (N3).
- K2: damage that stops below a unit's integrity goes no further (not to a weaker unit
  after it, nor to an ally). A power is asked its order only when the order can change what
  it loses or what goes on to the next power; powers are asked one at a time, the
  attacker's side first, each main power before its allies. Unrest: 1 per unit lost (K10).
- K3/K5/K6: the three decisions are each asked of both sides at once and kept secret
  (`seen_by`) until both are in: the plans (revealed together in `PlansRevealed`), the
  rerolls (seen with their new dice) and the assignments. The main power decides for its
  whole side (allies included).
- K6: a side is asked to assign only when a die of its may change a step (a step naming
  neither the opponent's strength nor, unless deadly, its weakness, after an Approach not
  naming its strength); "best" breaks ties by fewer dice used, then plan order with lower
  faces first. A die on a step naming the weakness is allowed (a deadly one then deals the
  die's face).
- K10: outcomes "attacker_wins" and "defender_wins" only (no tie); L8 as seed 004: the
  defender's marker removed and the attacker's placed only when the defender had one there.
- Odds: exact over the dice with both sides assigning "best" and nobody rolling again after
  the first roll; before the plans are revealed, only the attacker gets odds, its plan (or
  the default) against the defender's default plan (`odds.py`, its label says so): the spec
  gives no one else odds before the reveal, so the defender, the allies and spectators get
  none until then.
"""

from guerra.rules.flowchart import register
from guerra.rules.piano.procedure import PIANO_PROCEDURE

register(PIANO_PROCEDURE)

__all__ = ["PIANO_PROCEDURE"]
