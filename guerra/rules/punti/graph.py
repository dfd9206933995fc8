"""The flowchart of "punti" as data: boxes, arrows, grid (see procedures/punti.md, E1-E11).

The main line runs down column 1: the declaration, the attacker's reinforcements named and
agreed to (E4), the defender's (E5), the attack roll (E6-E7), the damage (E8), the retreat
(E9), the counter-attack (E10) and the result (E11). The allies' answers sit in column 2
beside the naming they answer; the counter-attack's roll and damage in column 0.
"""

from __future__ import annotations

from guerra.rules.flowchart import Edge, Node, NodeKind
from guerra.rules.i18n import N_

DECLARED = "declared"
ATTACK_REINFORCEMENTS = "attack_reinforcements"
ATTACK_CONSENT = "attack_consent"
DEFENCE_REINFORCEMENTS = "defence_reinforcements"
DEFENCE_CONSENT = "defence_consent"
ATTACK_ROLL = "attack_roll"
DAMAGE = "damage"
RETREAT = "retreat"
COUNTER_ATTACK = "counter_attack"
COUNTER_ROLL = "counter_roll"
COUNTER_DAMAGE = "counter_damage"
RESULT = "result"
ENDED = "ended"

SIDES = 6  # six-sided dice (E6, E10)

D, A, R, E = NodeKind.DECISION, NodeKind.AUTO, NodeKind.ROLL, NodeKind.END

NODES: tuple[Node, ...] = (
    Node(DECLARED, A, N_("An attack is declared!"), col=1, row=0,
         rules=("D1", "D2", "D3", "D4", "E1", "E2")),
    Node(ATTACK_REINFORCEMENTS, D, N_("The attacker names its reinforcements"),
         awaits="attacker", col=1, row=1, rules=("E3", "E4")),
    Node(ATTACK_CONSENT, D, N_("Each ally named agrees or refuses, in turn"),
         awaits="allies", col=2, row=1, rules=("E4",)),
    Node(DEFENCE_REINFORCEMENTS, D, N_("The defender names its reinforcements"),
         awaits="defender", col=1, row=2, rules=("E3", "E5")),
    Node(DEFENCE_CONSENT, D, N_("Each ally named agrees or refuses, in turn"),
         awaits="allies", col=2, row=2, rules=("E5",)),
    Node(ATTACK_ROLL, R, N_("The attack roll: one die per attack point"), col=1, row=3,
         rules=("E6", "E7"), sides=SIDES, dice_from_state=True),
    Node(DAMAGE, D, N_("The defender places the damage"), awaits="defender", col=1, row=4,
         rules=("E8", "E11")),
    Node(RETREAT, D, N_("Retreat of the primary defender"), awaits="defender", col=1, row=5,
         rules=("E9",)),
    Node(COUNTER_ATTACK, D, N_("Counter-attack?"), awaits="defender", col=1, row=6,
         rules=("E10",)),
    Node(COUNTER_ROLL, R, N_("The counter-attack roll"), col=0, row=6, rules=("E10",),
         sides=SIDES, dice_from_state=True),
    Node(COUNTER_DAMAGE, D, N_("The attacker places the counter-attack's damage"),
         awaits="attacker", col=0, row=7, rules=("E10", "E11")),
    Node(RESULT, A, N_("Who holds the region"), col=1, row=7, rules=("E11",)),
    Node(ENDED, E, N_("The attack is over"), col=1, row=8),
)

EDGES: tuple[Edge, ...] = (
    Edge(DECLARED, ATTACK_REINFORCEMENTS),
    Edge(ATTACK_REINFORCEMENTS, ATTACK_CONSENT, N_("allies named")),
    Edge(ATTACK_REINFORCEMENTS, DEFENCE_REINFORCEMENTS),
    Edge(ATTACK_CONSENT, DEFENCE_REINFORCEMENTS),
    Edge(DEFENCE_REINFORCEMENTS, DEFENCE_CONSENT, N_("allies named")),
    Edge(DEFENCE_REINFORCEMENTS, ATTACK_ROLL),
    Edge(DEFENCE_CONSENT, ATTACK_ROLL),
    Edge(ATTACK_ROLL, DAMAGE),
    Edge(ATTACK_ROLL, RESULT, N_("nobody defends")),
    Edge(DAMAGE, RETREAT),
    Edge(RETREAT, COUNTER_ATTACK),
    Edge(COUNTER_ATTACK, COUNTER_ROLL, N_("yes")),
    Edge(COUNTER_ATTACK, RESULT, N_("no")),
    Edge(COUNTER_ROLL, COUNTER_DAMAGE),
    Edge(COUNTER_DAMAGE, RESULT),
    Edge(RESULT, ENDED),
)
