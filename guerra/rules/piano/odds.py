"""The odds of a "piano" attack as a player may know them (procedures/piano.md, "Odds").

Exact over the dice (`grouping`), with both sides assigning "best" and nobody rolling a die
again after the first roll, every later decision at its default. From the state as `power`
sees it (`Procedure.seen_by`): before the plans are revealed the other side's plan is unknown
there, so the odds take the default plan for it (and for the viewer's own side too while it
has not planned): `PianoOdds.revealed` is False and `label` says so, for the page to show
beside the figures (as finestre's "with the cards played so far"). The label is a msgid of
the rules' catalogue (`guerra.rules.i18n`).
"""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.explore import Policy
from guerra.rules.i18n import N_, Message
from guerra.rules.odds import Estimate, estimate
from guerra.rules.piano.procedure import PIANO_PROCEDURE
from guerra.rules.piano.state import PianoState

REVEALED = N_("The odds are exact over the dice for the two plans revealed, each side "
              "assigning its dice to deal the most damage and rolling none again.")
BEFORE_REVEAL = N_("The plans are not revealed yet: the odds are for your plan (or the "
                   "default plan, until you make yours) against the default plan of the "
                   "other side, exact over the dice.")
BEFORE_REVEAL_OTHERS = N_("The plans are not revealed yet: the odds are for the default "
                          "plans of both sides, exact over the dice.")


@dataclass(frozen=True)
class PianoOdds:
    """The odds, whether both plans were known (`revealed`), and the words saying what they
    assume (`label`)."""

    estimate: Estimate
    revealed: bool
    label: Message


def odds_policy() -> Policy[PianoState]:
    """Every decision at its default: the default plan, no reroll, "best", the default loss
    order (the dice classes of `grouping` assume the first three)."""
    return PIANO_PROCEDURE.default_input


def odds_label(state: PianoState, power: str | None) -> Message:
    """What the odds from `state` assume, for `power` (None: a spectator)."""
    if state.plans_revealed:
        return Message(REVEALED)
    sides = {state.main_power("attacker"), state.main_power("defender")}
    return Message(BEFORE_REVEAL if power is not None and power in sides
                   else BEFORE_REVEAL_OTHERS)


def piano_odds(state: PianoState, power: str | None) -> PianoOdds:
    """The odds from `state` (a declared attack opened, or one under way) as `power` may know
    them: the state it sees (`seen_by`) played on with `odds_policy`."""
    seen = PIANO_PROCEDURE.seen_by(state, power)
    found = estimate(PIANO_PROCEDURE, seen, odds_policy())
    return PianoOdds(found, state.plans_revealed, odds_label(state, power))


__all__ = ["BEFORE_REVEAL", "BEFORE_REVEAL_OTHERS", "REVEALED", "PianoOdds", "odds_label",
           "odds_policy", "piano_odds"]
