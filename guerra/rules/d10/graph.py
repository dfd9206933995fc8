"""The flowchart of "d10" as data: boxes, arrows, grid (see procedures/d10.md, P1-P9).

The main line runs down column 1: the declaration, the first exchange, the casualties, the
reinforcements asked one by one, the result. An attacking ally who arrives fights its exchange
in column 0 and comes back to the casualties; a power that chooses its losses does so in
column 2.
"""

from __future__ import annotations

from guerra.rules.flowchart import Edge, Node, NodeKind
from guerra.rules.i18n import N_

DECLARED = "declared"
FIRST_EXCHANGE = "first_exchange"
CASUALTIES = "casualties"
LOSS_CHOICE = "loss_choice"
REINFORCEMENTS = "reinforcements"
REINFORCEMENT_EXCHANGE = "reinforcement_exchange"
RESULT = "result"
ENDED = "ended"

D, A, R, E = NodeKind.DECISION, NodeKind.AUTO, NodeKind.ROLL, NodeKind.END

NODES: tuple[Node, ...] = (
    Node(DECLARED, A, N_("An attack is declared!"), col=1, row=0,
         rules=("D1", "D2", "D3", "D4", "P1")),
    Node(FIRST_EXCHANGE, R, N_("First exchange: the attacker against the defending faction"),
         col=1, row=1, rules=("P2", "P3"), sides=10, dice_from_state=True),
    Node(CASUALTIES, A, N_("Casualties"), col=1, row=2, rules=("P5", "P9")),
    Node(LOSS_CHOICE, D, N_("Each power chooses which of its units to lose"), awaits="losers",
         col=2, row=2, rules=("P5",)),
    Node(REINFORCEMENTS, D, N_("Reinforcements: each ally in turn, arrive or stay out"),
         awaits="allies", col=1, row=3, rules=("P4", "P6")),
    Node(REINFORCEMENT_EXCHANGE, R, N_("The arriving ally against the defending faction"),
         col=0, row=3, rules=("P4", "P2"), sides=10, dice_from_state=True),
    Node(RESULT, A, N_("Who holds the region"), col=1, row=4, rules=("P6", "P7", "P8")),
    Node(ENDED, E, N_("The attack is over"), col=1, row=5),
)

EDGES: tuple[Edge, ...] = (
    Edge(DECLARED, FIRST_EXCHANGE),
    Edge(FIRST_EXCHANGE, CASUALTIES),
    Edge(CASUALTIES, LOSS_CHOICE, N_("a power chooses")),
    Edge(LOSS_CHOICE, CASUALTIES),
    Edge(CASUALTIES, REINFORCEMENTS, N_("allies to ask")),
    Edge(CASUALTIES, RESULT),
    Edge(REINFORCEMENTS, REINFORCEMENT_EXCHANGE, N_("an attacking ally arrives")),
    Edge(REINFORCEMENT_EXCHANGE, CASUALTIES),
    Edge(REINFORCEMENTS, RESULT),
    Edge(RESULT, ENDED),
)
