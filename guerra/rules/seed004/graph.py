"""The flowchart of seed 004 ("Un attacco è dichiarato!") as data: boxes, arrows, grid.

Columns and rows place each box on a grid for the page; the main line runs down column 2,
the neutral branch down column 0, and the side exits of the naval step to the right.
"""

from __future__ import annotations

from guerra.rules.flowchart import Edge, Node, NodeKind
from guerra.rules.i18n import N_

DECLARED = "declared"
IS_NEUTRAL = "is_neutral"
NEUTRAL_BATTLE = "neutral_battle"
NEUTRAL_RESULT = "neutral_result"
ALLIES = "allies"
HAS_SEA = "has_sea"
BOTH_FLEETS = "both_fleets"
ONE_SIDE_FLEETS = "one_side_fleets"
ATTACKER_NAVAL_CHOICE = "attacker_naval_choice"
DEFENDER_SUPPORT = "defender_support"
DEFENDER_NAVAL_CHOICE = "defender_naval_choice"
ATTACKER_SUPPORT = "attacker_support"
NAVAL_TILES = "naval_tiles"
NAVAL_BATTLE = "naval_battle"
NAVAL_RESULT = "naval_result"
ATTACKER_HAS_ARMY = "attacker_has_army"
LAND_BATTLE = "land_battle"
LAND_LOSSES = "land_losses"
LAND_LOSS_CHOICE = "land_loss_choice"
CONTROL = "control"
ENDED = "ended"
ENDED_WITHOUT_LAND = "ended_without_land"

YES, NO = N_("yes"), N_("no")
D, A, R, E = NodeKind.DECISION, NodeKind.AUTO, NodeKind.ROLL, NodeKind.END

NODES: tuple[Node, ...] = (
    Node(DECLARED, A, N_("An attack is declared!"), col=1, row=0,
         rules=("D1", "D2", "D3", "D4", "N0")),
    Node(IS_NEUTRAL, A, N_("Is it a neutral country?"), col=1, row=1),
    Node(NEUTRAL_BATTLE, R, N_("Land battle against the neutral country"), col=0, row=2,
         dice=4, rules=("N1", "N2")),
    Node(NEUTRAL_RESULT, A, N_("Result against the neutral country"), col=0, row=3,
         rules=("N3", "N4", "N5", "N6", "N7", "L9")),
    Node(ALLIES, D, N_("Looking for allies"), awaits="allies", col=2, row=2,
         rules=("A1", "A2", "A3", "A4", "A5")),
    Node(HAS_SEA, A, N_("Does the region have a sea?"), col=2, row=3, rules=("S1",)),
    Node(BOTH_FLEETS, A, N_("Do both sides have fleets?"), col=2, row=4, rules=("S2",)),
    Node(ONE_SIDE_FLEETS, A, N_("Only one side has fleets: it wins naval support"),
         col=3, row=5, rules=("S3",)),
    Node(ATTACKER_NAVAL_CHOICE, D, N_("The attacker decides whether to fight the naval battle"),
         awaits="attacker", col=2, row=5, rules=("S4",)),
    Node(DEFENDER_SUPPORT, A, N_("The defender wins naval support"), col=1, row=6,
         rules=("S4",)),
    Node(DEFENDER_NAVAL_CHOICE, D, N_("The defender decides whether to fight the naval battle"),
         awaits="defender", col=2, row=6, rules=("S4",)),
    Node(ATTACKER_SUPPORT, A, N_("The attacker wins naval support"), col=3, row=7,
         rules=("S4",)),
    Node(NAVAL_TILES, D, N_("Alliance tiles at sea"), awaits="main_players", col=2, row=7,
         rules=("M2",)),
    Node(NAVAL_BATTLE, R, N_("Naval battle"), col=2, row=8, dice=4, rules=("M1",)),
    Node(NAVAL_RESULT, A, N_("Naval losses and naval support"), col=2, row=9,
         rules=("M3", "M4", "M5", "M6", "M7")),
    Node(ATTACKER_HAS_ARMY, A, N_("Does the attacker have an army in the region?"),
         col=2, row=10, rules=("M8", "L1")),
    Node(LAND_BATTLE, R, N_("Land battle"), col=2, row=11, dice=4, rules=("L2",)),
    Node(LAND_LOSSES, A, N_("Land losses"), col=2, row=12,
         rules=("L3", "L4", "L5", "L6", "L7")),
    Node(LAND_LOSS_CHOICE, D, N_("The defender chooses which unit to lose"),
         awaits="defender", col=3, row=12, rules=("L4", "L6")),
    Node(CONTROL, A, N_("Control of the region"), col=2, row=13, rules=("L8", "L9")),
    Node(ENDED, E, N_("The attack is over"), col=1, row=14),
    Node(ENDED_WITHOUT_LAND, E, N_("The attack ends without a land battle"), col=3, row=11,
         rules=("M8",)),
)

EDGES: tuple[Edge, ...] = (
    Edge(DECLARED, IS_NEUTRAL),
    Edge(IS_NEUTRAL, NEUTRAL_BATTLE, YES),
    Edge(IS_NEUTRAL, ALLIES, NO),
    Edge(NEUTRAL_BATTLE, NEUTRAL_RESULT),
    Edge(NEUTRAL_RESULT, ENDED),
    Edge(ALLIES, HAS_SEA),
    Edge(HAS_SEA, BOTH_FLEETS, YES),
    Edge(HAS_SEA, ATTACKER_HAS_ARMY, NO),
    Edge(BOTH_FLEETS, ATTACKER_NAVAL_CHOICE, YES),
    Edge(BOTH_FLEETS, ONE_SIDE_FLEETS, NO),
    Edge(ONE_SIDE_FLEETS, ATTACKER_HAS_ARMY),
    Edge(ATTACKER_NAVAL_CHOICE, DEFENDER_NAVAL_CHOICE, YES),
    Edge(ATTACKER_NAVAL_CHOICE, DEFENDER_SUPPORT, NO),
    Edge(DEFENDER_SUPPORT, ATTACKER_HAS_ARMY),
    Edge(DEFENDER_NAVAL_CHOICE, NAVAL_TILES, YES),
    Edge(DEFENDER_NAVAL_CHOICE, ATTACKER_SUPPORT, NO),
    Edge(ATTACKER_SUPPORT, ATTACKER_HAS_ARMY),
    Edge(NAVAL_TILES, NAVAL_BATTLE),
    Edge(NAVAL_BATTLE, NAVAL_RESULT),
    Edge(NAVAL_RESULT, ATTACKER_HAS_ARMY),
    Edge(ATTACKER_HAS_ARMY, LAND_BATTLE, YES),
    Edge(ATTACKER_HAS_ARMY, ENDED_WITHOUT_LAND, NO),
    Edge(LAND_BATTLE, LAND_LOSSES),
    Edge(LAND_LOSSES, LAND_LOSS_CHOICE, N_("the defender chooses")),
    Edge(LAND_LOSS_CHOICE, LAND_LOSSES),
    Edge(LAND_LOSSES, CONTROL),
    Edge(CONTROL, ENDED),
)
