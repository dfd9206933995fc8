"""The load bench's tables: every input its random player chooses goes out as a form the server
accepts, whatever the game awaits."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client

from bench.load_tables import TableSetup, create_tables, next_request
from guerra.game.models import Attack, Game

pytestmark = pytest.mark.django_db


def play_one(table: TableSetup, chat_share: float) -> str:
    """The table's next input, posted by its player as the page's form posts it: its kind."""
    request = next_request(table, chat_share=chat_share)
    assert request is not None
    client = Client(headers={"HX-Request": "true"})
    client.cookies["sessionid"] = table.sessions[request.power]
    response = client.post(request.path, request.data)
    assert response.status_code == 200, (request, response.content[:300])
    return request.kind


def test_the_bench_plays_a_table_through_the_pages_forms_without_a_refusal():
    # Seed 7 runs the game on past its first auction: turns, attacks and chat lines follow.
    table = create_tables(1, seed=7, run_on=150)[0]
    kinds = {play_one(table, chat_share=0.2) for _turn in range(25)}
    assert Game.objects.get(pk=table.game_id).last_event_seq > 0
    assert kinds - {"propose", "raise", "call_pass"}, kinds  # more than the auction's forms


def test_a_d10_table_sends_its_attacks_reinforcements_and_losses_through_the_pages_forms(
        monkeypatch):
    # The game's dice from a fixed seed, so that the robot meets both d10 decisions early.
    dice = "5e" * 32
    digest = hashlib.sha256(bytes.fromhex(dice)).hexdigest()
    monkeypatch.setattr(Game, "new_seed", staticmethod(lambda: (dice, digest)))
    table = create_tables(1, seed=8, run_on=150, procedure="d10")[0]
    kinds: list[str] = []
    while not {"reinforce", "losses"} <= set(kinds) and len(kinds) < 60:
        kinds.append(play_one(table, chat_share=0))
    assert {"reinforce", "losses"} <= set(kinds), kinds
    assert set(Attack.objects.filter(game_id=table.game_id).values_list("procedure", flat=True)
               ) == {"d10"}
