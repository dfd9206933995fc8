# ruff: noqa: F811 (the fixtures imported from piano_helpers are the tests' parameters)
"""K3/K5/K6: a side's plan, rerolls and assignment are seen by that side's main player only
(never by staff observing, nor by a spectator) until both sides' are in, on every channel:
every part of the attack page and of the board (what the pushes make each viewer re-fetch),
every page's prompts, the log, the pushes themselves and the odds. Once both are in, everyone
sees both."""

from __future__ import annotations

import json

from django.test import Client
from django.urls import reverse

from guerra.game.models import GameEvent
from guerra.game.procedures import adapter
from guerra.game.read.log import describe
from guerra.rules import frozen
from guerra.rules.piano.inputs import PlanStep
from guerra.rules.piano.procedure import PIANO_PROCEDURE
from tests.game.procedures.piano_helpers import (  # noqa: F401 (fixtures)
    ATTACKER_PLAN,
    DEFENDER_PLAN,
    POWERS,
    declared,
    piano_game,
    player,
    post,
    rig,
    send_plan,
    text,
)

# What would tell Gran Bretagna's plan (ATTACKER_PLAN) on a page or in the log.
TELLS = ("Controllo (Rapidità)", "Ingaggio mortale (Rapidità)",
         "Controllo (Rapidit")


def parts(attack, c: Client) -> dict[str, str]:
    """Every part of the attack page and the board as the client's user reads them."""
    g, n = attack.game_id, attack.number
    urls = {"attack": reverse("attack_page", args=[g, n]),
            "panel": reverse("attack_panel", args=[g, n]),
            "attacks": reverse("attack_list", args=[g]),
            "board": reverse("game_board", args=[g]),
            "board part": reverse("game_board_part", args=[g]),
            "log": reverse("game_log_part", args=[g]),
            "turn": reverse("game_turn_part", args=[g]),
            "prompts": reverse("ally_prompts_part", args=[g]),
            "regions": reverse("game_regions_part", args=[g])}
    found = {}
    for name, url in urls.items():
        response = c.get(url)
        found[name] = text(response.content.decode()) if response.status_code == 200 else ""
    return found


def viewers(game, make_user) -> dict[str | None, Client]:
    """Each power's player, staff observing (None) and a spectator of the public game."""
    staff = Client()
    staff.force_login(make_user("eva", staff=True))  # no seat: what a spectator sees
    spectator = Client()
    spectator.force_login(make_user("spettatore"))
    return {**{p: player(game, p) for p in POWERS}, None: staff, "spettatore": spectator}


def test_K3_a_plan_is_seen_by_its_side_only_until_both_are_in(
        declared, make_user, pushes, django_capture_on_commit_callbacks, rig, *, settings):
    settings.GUERRA_PUSHED_PARTS = True  # the frames too, whatever the run's switches
    attack = declared
    with django_capture_on_commit_callbacks(execute=True):
        assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    assert pushes, "the plan made is pushed (that a plan is in, not what it is)"
    assert not any(word in json.dumps(pushes, ensure_ascii=False)
                   for word in ("rapidita", "Rapidità", "deadly", "control"))
    # The parts pushed to each seat (its prompts, its turn panel, the log's lines) tell no plan,
    # not even to Gran Bretagna: the plan shows on the attack page alone, which is fetched.
    assert {message["to"] for _group, message in pushes.frames} >= set(
        attack.game.seats.values_list("pk", flat=True))
    for _group, message in pushes.frames:
        pushed = " ".join(text(f["html"]) for f in [*message["fragments"], *message["lines"]])
        assert not any(tell in pushed for tell in TELLS), message["to"]
    everyone = viewers(attack.game, make_user)
    for viewer, c in everyone.items():
        seen = parts(attack, c)
        assert seen["attack"] and seen["board"]
        for name, words in seen.items():
            if viewer == "Gran Bretagna" and name in ("attack", "panel"):
                continue
            for tell in TELLS:
                assert tell not in words, (viewer, name, tell)
    mine = parts(attack, everyone["Gran Bretagna"])["attack"]
    assert "La scelta della tua parte, ancora segreta Il tuo piano:" in mine
    assert "Controllo (Rapidità)" in mine and "Ingaggio mortale (Rapidità)" in mine
    # Francia still plans: its builder and its prompt on the board, never the other's plan.
    assert "Conferma il piano" in parts(attack, everyone["Francia"])["board"]
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=attack.game))
    assert "la gran bretagna ha fatto il suo piano." in told.lower()
    assert not any(tell in told for tell in TELLS) and "svelati" not in told
    # The odds read no other side's plan: Francia sees the same state whatever Gran Bretagna
    # planned, and gets no odds before the reveal (piano.md, "Odds": the attacker's alone).
    state = adapter("piano").state(attack.state)
    other_plan = (PlanStep("approach", "astuzia"), PlanStep("engagement", "rapidita"))
    other = state.with_side("attacker", frozen.replace(state.attacker, plan=other_plan))
    seen_f = PIANO_PROCEDURE.seen_by(state, "Francia")
    assert seen_f == PIANO_PROCEDURE.seen_by(other, "Francia") and seen_f.attacker.plan is None
    assert not adapter("piano").shows_odds_to(state, "Francia")
    assert "le probabilità sono per il tuo piano" in mine.lower()

    # Both in: revealed together, to everyone.
    rig([6, 2, 5, 1, 6, 6, 3, 1])
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    for viewer, viewer_client in everyone.items():
        revealed = parts(attack, viewer_client)["attack"]
        assert "3. Ingaggio mortale (Rapidità)" in revealed, viewer
        assert "3. Ingaggio mortale (Astuzia)" in revealed, viewer


def test_K5_K6_rerolls_and_assignments_are_secret_until_both_are_in(
        declared, make_user, rig):
    attack = declared
    rig([6, 2, 5, 1, 6, 6, 3, 1, 4, 6])
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    assert post(attack, "Francia", "piano_reroll", piano_reroll_1="1",
                piano_reroll_2="1").status_code == 302
    everyone = viewers(attack.game, make_user)
    assert "Ritiri i dadi 1, 2." in parts(attack, everyone["Francia"])["attack"]
    for viewer, c in everyone.items():
        for name, words in parts(attack, c).items():
            if viewer == "Francia" and name in ("attack", "panel"):
                continue
            assert "Ritiri i dadi" not in words and "ritira 2 dadi" not in words, (viewer, name)
    assert post(attack, "Gran Bretagna", "piano_reroll").status_code == 302
    # Gran Bretagna changes its assignment by hand; Francia has not assigned yet.
    assert post(attack, "Gran Bretagna", "piano_assign", piano_die_3=2).status_code == 302
    for viewer, c in everyone.items():
        for name, words in parts(attack, c).items():
            if viewer == "Gran Bretagna" and name in ("attack", "panel"):
                continue
            # (the box's label says "assegna i dadi ai suoi passi" too: the log's line has a
            # colon and the faces)
            assert "dado 2 (2)" not in words and "assegna i dadi ai suoi passi:" not in words, \
                (viewer, name)
    assert "I tuoi dadi sono assegnati: si aspetta l'altra parte." in \
        parts(attack, everyone["Gran Bretagna"])["attack"]


ODDS = "Probabilità da qui"
BEFORE = ("I piani non sono ancora svelati: le probabilità sono per il tuo piano (o per quello "
          "predefinito, finché non fai il tuo) contro il piano predefinito dell'altra parte, "
          "esatte sui dadi.")
AFTER = ("Probabilità esatte sui dadi con i due piani svelati: ogni parte assegna i dadi per "
         "infliggere più danni e non ritira nessun dado.")


def odds_card(words: str) -> str:
    """The attack page's odds card, from its heading to the flowchart ('' if none)."""
    start = words.find(ODDS)
    end = words.find("mostra le regole", start)
    assert start < 0 or end > start
    return "" if start < 0 else words[start:end]


def test_K3_odds_before_the_reveal_are_the_attackers_alone_with_their_caption(
        declared, make_user, rig):
    """piano.md, "Odds": before the plans are revealed "only the attacker's own plan against
    the default plan", its caption saying so; after, the two plans' odds for everyone."""
    attack = declared
    everyone = viewers(attack.game, make_user)
    mine = odds_card(parts(attack, everyone["Gran Bretagna"])["attack"])
    assert BEFORE in mine and AFTER not in mine
    default_odds = mine.replace(BEFORE, "")
    for viewer, c in everyone.items():
        if viewer != "Gran Bretagna":
            theirs = parts(attack, c)
            assert ODDS not in theirs["attack"] and "svelati" not in theirs["attack"], viewer
            assert ODDS not in theirs["panel"], viewer
    assert send_plan(attack, "Gran Bretagna", ATTACKER_PLAN).status_code == 302
    mine = odds_card(parts(attack, everyone["Gran Bretagna"])["attack"])
    assert BEFORE in mine and mine.replace(BEFORE, "") != default_odds, \
        "the odds follow the attacker's own plan"
    for viewer, c in everyone.items():
        if viewer != "Gran Bretagna":
            seen = parts(attack, c)
            for name, words in seen.items():
                assert ODDS not in words and "Vince l'attaccante" not in words, (viewer, name)
    # Both plans in, revealed: the odds of the two plans, for everyone.
    rig([6, 2, 5, 1, 6, 6, 3, 1])
    assert send_plan(attack, "Francia", DEFENDER_PLAN).status_code == 302
    attack.refresh_from_db()
    for viewer, c in everyone.items():
        card = odds_card(parts(attack, c)["attack"])
        assert AFTER in card and BEFORE not in card, viewer
