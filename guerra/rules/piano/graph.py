"""The flowchart of "piano" as data (procedures/piano.md, K1-K11).

Down column 1: the declaration (K1, K2's units), both sides' secret plans (K3-K4, one box
asking both at once), the roll (K5, one die per unit), the rerolls (K5, both at once) and their
roll (column 2, skipped when nobody rerolls), the assignment of the dice (K6, both at once),
the steps resolved and the damage (K7-K10), the order of the losses (K2, power by power) and
the result (K2, K10, L8-L9, K11).
"""

from __future__ import annotations

from guerra.rules.flowchart import Edge, Node, NodeKind
from guerra.rules.i18n import N_

SIDES = 6  # six-sided dice
MAX_DICE = 8  # K5: at most 8 dice a side

DECLARED = "declared"
PLAN = "plan"
ROLL = "roll"
REROLL = "reroll"
REROLL_ROLL = "reroll_roll"
ASSIGN = "assign"
DAMAGE = "damage"
LOSSES = "losses"
RESULT = "result"
ENDED = "ended"

D, A, R, E = NodeKind.DECISION, NodeKind.AUTO, NodeKind.ROLL, NodeKind.END

NODES: tuple[Node, ...] = (
    Node(DECLARED, A, N_("An attack is declared!"), col=1, row=0,
         rules=("D1", "D2", "D3", "D4", "K1", "K2", "K11")),
    Node(PLAN, D, N_("Both sides plan in secret"), awaits="both", col=1, row=1,
         rules=("K3", "K4")),
    Node(ROLL, R, N_("The roll: one die per unit"), col=1, row=2, rules=("K5",),
         sides=SIDES, dice_from_state=True),
    Node(REROLL, D, N_("Each side may roll dice again"), awaits="both", col=1, row=3,
         rules=("K5",)),
    Node(REROLL_ROLL, R, N_("The dice rolled again"), col=2, row=3, rules=("K5",),
         sides=SIDES, dice_from_state=True),
    Node(ASSIGN, D, N_("Each side assigns its dice to its steps"), awaits="both", col=1,
         row=4, rules=("K6",)),
    Node(DAMAGE, A, N_("The steps in order, and the damage"), col=1, row=5,
         rules=("K7", "K8", "K9", "K10")),
    Node(LOSSES, D, N_("Each power orders its losses"), awaits="loser", col=2, row=5,
         rules=("K2",)),
    Node(RESULT, A, N_("Who holds the region"), col=1, row=6,
         rules=("K2", "K10", "K11", "L8", "L9", "N3")),
    Node(ENDED, E, N_("The attack is over"), col=1, row=7),
)

EDGES: tuple[Edge, ...] = (
    Edge(DECLARED, PLAN),
    Edge(PLAN, ROLL),
    Edge(ROLL, REROLL),
    Edge(REROLL, REROLL_ROLL, N_("dice rolled again")),
    Edge(REROLL, ASSIGN),
    Edge(REROLL_ROLL, ASSIGN),
    Edge(ASSIGN, DAMAGE),
    Edge(DAMAGE, LOSSES),
    Edge(LOSSES, RESULT),
    Edge(RESULT, ENDED),
)
