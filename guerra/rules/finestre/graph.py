"""The flowchart of "finestre" as data (procedures/finestre.md, W1-W16).

The main line runs down column 1: the declaration, then one box per response window (W4-W10,
each announcement made in its window's box), the roll of the standing (W11), the modifiers'
window (W12), the resolution (W13), the escapes (W14), the losses (W15) and the control (W16).
The windows a combat skips (W5 with no fort, W6 after a second change, the defender's windows
against a neutral) are jumped over, so each box has arrows to the boxes after it up to the next
one that always opens; W6 loops back to W4. A Ritirata standing ends the combat from any of
W8/W10 (`ENDED_BY_RETREAT`, an escape: no arrow is drawn to it).
"""

from __future__ import annotations

from guerra.rules.flowchart import Edge, Node, NodeKind
from guerra.rules.i18n import N_

SIDES = 6
DECLARED = "declared"
W4, W5, W6 = "W4", "W5", "W6"
W7A, W7D, W8A, W8D = "W7a", "W7d", "W8a", "W8d"
W9A, W9D, W10A, W10D = "W9a", "W9d", "W10a", "W10d"
STANDING = "standing"
W12 = "W12"
RESOLVE = "resolve"
W14A, W14D = "W14a", "W14d"
LOSSES = "losses"
LOSS_CHOICE = "loss_choice"
CONTROL = "control"
ENDED = "ended"
ENDED_BY_RETREAT = "ended_by_retreat"

# The windows from the tactic to the standing, in order; `ALWAYS` open whatever happens.
SEQUENCE = (W4, W5, W6, W7A, W7D, W8A, W8D, W9A, W9D, W10A, W10D, STANDING)
ALWAYS = frozenset({W4, W7A, W8A, W9A, W10A, STANDING})
WINDOWS = (*SEQUENCE[:-1], W12, W14A, W14D)

D, A, R, E = NodeKind.DECISION, NodeKind.AUTO, NodeKind.ROLL, NodeKind.END


def _window(node: str, label: str, row: int, rules: tuple[str, ...], col: int = 1) -> Node:
    return Node(node, D, label, awaits="window", col=col, row=row, rules=("W3", *rules))


NODES: tuple[Node, ...] = (
    Node(DECLARED, A, N_("An attack is declared!"), col=1, row=0,
         rules=("D1", "D2", "D3", "D4", "W1")),
    _window(W4, N_("Tactic: the attacker announces, counters may answer"), 1, ("W4",)),
    _window(W5, N_("Position: the defender announces, counters may answer"), 2, ("W5",)),
    _window(W6, N_("Combatants: Cambio al comando, the defender first"), 3, ("W6",)),
    _window(W7A, N_("Strike order: Imboscata, the attacker first"), 4, ("W7",), col=0),
    _window(W7D, N_("Strike order: Imboscata, the defender first"), 4, ("W7",), col=2),
    _window(W8A, N_("End combat: Ritirata, the attacker first"), 5, ("W8",), col=0),
    _window(W8D, N_("End combat: Ritirata, the defender first"), 5, ("W8",), col=2),
    _window(W9A, N_("Equipment: the attacker's tiles, counters may answer"), 6, ("W9",), col=0),
    _window(W9D, N_("Equipment: the defender's tiles, counters may answer"), 6, ("W9",), col=2),
    _window(W10A, N_("End combat again: Ritirata, the attacker first"), 7, ("W10",), col=0),
    _window(W10D, N_("End combat again: Ritirata, the defender first"), 7, ("W10",), col=2),
    Node(STANDING, R, N_("Standing: each side's total and one die"), col=1, row=8,
         rules=("W11",), dice=2),
    _window(W12, N_("Modifiers: Rinforzo and Artiglieria, the attacker first"), 9, ("W12",)),
    Node(RESOLVE, A, N_("Resolve: the higher total wins"), col=1, row=10, rules=("W13",)),
    _window(W14A, N_("Escape: Salvataggio, the attacker first"), 11, ("W14",), col=0),
    _window(W14D, N_("Escape: Salvataggio, the defender first"), 11, ("W14",), col=2),
    Node(LOSSES, A, N_("Losses"), col=1, row=12, rules=("W15",)),
    Node(LOSS_CHOICE, D, N_("The owner of a loss chooses its kind"), awaits="loser", col=2,
         row=12, rules=("W15",)),
    Node(CONTROL, A, N_("Who holds the region"), col=1, row=13, rules=("W16", "L8", "L9",
                                                                          "N3")),
    Node(ENDED, E, N_("The attack is over"), col=1, row=14),
    Node(ENDED_BY_RETREAT, E, N_("The combat ends: a Ritirata stands"), col=2, row=14,
         rules=("W8",)),
)


def _jumps() -> tuple[Edge, ...]:
    """Each window to the ones after it, up to the next that always opens."""
    edges = []
    for i, source in enumerate(SEQUENCE[:-1]):
        for target in SEQUENCE[i + 1:]:
            edges.append(Edge(source, target))
            if target in ALWAYS:
                break
    return tuple(edges)


EDGES: tuple[Edge, ...] = (
    Edge(DECLARED, W4),
    *_jumps(),
    Edge(W6, W4, N_("a main power changed")),
    Edge(STANDING, W12),
    Edge(W12, RESOLVE),
    Edge(RESOLVE, W14A),
    Edge(W14A, W14D),
    Edge(W14A, LOSSES),
    Edge(W14D, LOSSES),
    Edge(LOSSES, LOSS_CHOICE, N_("a power chooses")),
    Edge(LOSS_CHOICE, LOSSES),
    Edge(LOSSES, CONTROL),
    Edge(CONTROL, ENDED),
)
