"""A game's rules state and regions as this process keeps them: read by pages and writers alike.

`Game.rules` holds the whole `GameState` of guerra.rules.game, the truth; an attack's row holds
its procedure's state. Decoding them is the same for whoever reads, so it lives here, below
both the read models and the services: the services store a new state (`project`, then
`remember`, in guerra.game.services.snapshot), everyone else only reads.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.models import Attack, Game, Region
from guerra.rules.flowchart import get_procedure
from guerra.rules.game.state import GameState
from guerra.rules.jsonvalue import DataError
from guerra.runtime.kept import Kept

StateKey = tuple[int, str]

# The latest state of each game known to this process, by game and the game's own seed
# fingerprint (which no other game shares, even one that reuses a deleted game's id): a stored
# step never changes, and only the latest is read again (pages and writers ask for the step the
# game's row holds). One entry a game: 512 games played at once. A state decoded from the
# database takes about 27 KB; one an input made shares most of its values with the state
# before it. (Kept by step, 64 states, at 50 tables every input decoded its state again, the
# states of the steps before filling the cache: 1.5 ms each, 10 ms on a busy server.)
_STATES: Kept[StateKey, GameState] = Kept(512)


def state_key(game: Game) -> StateKey:
    """The key a game's state is kept under."""
    return (game.pk, game.dice_seed_hash)


def load_state(game: Game) -> GameState:
    """The game's rules state (decoded once, then shared until the next step).

    A game loaded without its `rules` (`Game.objects.defer("rules")`, as pages and writers
    load it: the state is nearly always kept) reads them here when it is not. A reader may
    then find a later step than the one it loaded, if a writer committed meanwhile: it gets
    that state."""
    key = state_key(game)
    cached = _STATES.get(key)
    if cached is not None and cached.step == game.step:
        return cached
    step = game.step
    rules = game.rules if "rules" not in game.get_deferred_fields() else None
    if rules is None:
        row = Game.objects.filter(pk=game.pk).values_list("step", "rules").first()
        if row is not None:
            step, rules = row
    if not rules:
        raise GameError(_("This game has no rules state: it cannot go on."), status=409)
    try:
        state = GameState.from_dict(rules)
    except DataError as error:
        raise GameError(_("This game's saved state is damaged: %(error)s") % {"error": error},
                        status=409) from error
    if state.step == step:  # a damaged state claiming another step is not kept
        keep_state(key, state)
    return state


def kept_state(game: Game) -> GameState | None:
    """The game's state at the step its row holds, if this process keeps it (no query)."""
    kept = _STATES.get(state_key(game))
    return kept if kept is not None and kept.step == game.step else None


def keep_state(key: StateKey, state: GameState) -> None:
    """Keep a game's state unless a later one is kept already (threads finish in any order)."""
    kept = _STATES.get(key)
    if kept is None or kept.step < state.step:
        _STATES.put(key, state)


# A game's regions, by game and seed fingerprint: made when the game starts, never changed
# after (the admin shows them read-only), so read once per process and shared by its pages
# and writers.
_REGIONS: Kept[StateKey, tuple[Region, ...]] = Kept(256)


def game_regions(game: Game) -> tuple[Region, ...]:
    """The game's regions in board order (none before it starts)."""
    key = state_key(game)
    regions = _REGIONS.get(key)
    if regions is not None:
        return regions
    regions = tuple(Region.objects.filter(game=game))
    if regions:  # a game still in its waiting room has none yet
        _REGIONS.put(key, regions)
    return regions


def attack_state(attack: Attack) -> Any:
    """The rules state of an attack, read by the procedure it names."""
    return get_procedure(attack.procedure).state_from_dict(attack.state)
