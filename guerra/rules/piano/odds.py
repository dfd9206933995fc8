"""The odds of a "piano" attack as a player may know them (procedures/piano.md, "Odds").

Exact over the dice (`grouping`), with both sides assigning "best" and nobody rolling a die
again after the first roll, every later decision at its default, from the state as `power`
sees it (`Procedure.seen_by`). Once the plans are revealed (K3), everyone gets the odds of the
two plans. Before that the spec gives odds to the attacker alone: "only the attacker's own plan
against the default plan" (`odds_shown`). The defender, an ally, a spectator get none: the
attacker's plan is unknown to them and the spec gives them no other odds. The defender's plan
is unknown to the attacker, so its odds take the default plan for it (and for the attacker's
own too while it has not planned): `PianoOdds.revealed` is False and `label` says so, for the
page to show beside the figures (as finestre's "with the cards played so far"). The label is
a msgid of the rules' catalogue (`guerra.rules.i18n`).
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


def odds_shown(state: PianoState, power: str | None) -> bool:
    """Whether `power` (None: a spectator) gets odds from `state`: everyone once the plans are
    revealed; before that the attacker's main power alone (its own plan against the default)."""
    return state.plans_revealed or (power is not None
                                    and power == state.main_power("attacker"))


def odds_label(state: PianoState) -> Message:
    """What the odds from `state` assume, for a viewer they are shown to (`odds_shown`)."""
    return Message(REVEALED if state.plans_revealed else BEFORE_REVEAL)


def piano_odds(state: PianoState, power: str | None) -> PianoOdds | None:
    """The odds from `state` (a declared attack opened, or one under way) as `power` may know
    them, None if it gets none (`odds_shown`): the state it sees (`seen_by`) played on with
    `odds_policy`."""
    if not odds_shown(state, power):
        return None
    seen = PIANO_PROCEDURE.seen_by(state, power)
    found = estimate(PIANO_PROCEDURE, seen, odds_policy())
    return PianoOdds(found, state.plans_revealed, odds_label(state))


__all__ = ["BEFORE_REVEAL", "REVEALED", "PianoOdds", "odds_label", "odds_policy", "odds_shown",
           "piano_odds"]
