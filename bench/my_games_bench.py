"""What “Le mie partite” costs a player with many games, in-process (no network).

    .venv/bin/python bench/my_games_bench.py [--games N] [--runs N]

A temporary SQLite database where anna plays N running games (the auction played, her turn in
each) and N/4 finished ones; times the page and the list part her socket's ring re-fetches
(p50, p99, queries): with every running game's state kept by the process (the usual case: a
state is kept from its last step), and with none kept (a process just started: each running
game's state decoded from the database).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    from bench.live_latency import prepare_database
    from bench.page_bench import measure

    game_id, _sessions, _seats = prepare_database(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client
    from django.utils import timezone

    from guerra.game import services
    from guerra.game.models import Game, GameStatus
    from guerra.game.models import state as kept
    from guerra.rules.game.state import Standing
    from tests.game.play_helpers import edit_state, finish_auction

    settings.ALLOWED_HOSTS = ["*"]
    settings.DEBUG = False
    anna, carla, bruno = (User.objects.get(username=n) for n in ("anna", "carla", "bruno"))
    scenario = Game.objects.get(pk=game_id).scenario
    assert scenario is not None
    games = []
    for n in range(args.games + args.games // 4 - 1):
        game = services.game_create(user=anna, scenario=scenario, name=f"Partita {n}",
                                    is_private=True, power="Francia")
        services.game_join(game_id=game.pk, user=carla, power="Prussia")
        services.game_join(game_id=game.pk, user=bruno, power="Gran Bretagna")
        services.game_start(game_id=game.pk, user=anna)
        finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", None)])
        games.append(game)
    standings = (Standing("Francia", 1, 20, 0, False, 0, 0),
                 Standing("Prussia", 2, 10, 0, False, 0, 0),
                 Standing("Gran Bretagna", 3, 5, 0, False, 0, 0))
    for game in games[args.games - 1:]:
        edit_state(game, lambda s: dataclasses.replace(s, standings=standings))
        Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED,
                                               ended_at=timezone.now(), deadline=None)
    client = Client()
    client.force_login(anna)

    def get(url: str) -> None:
        if client.get(url).status_code != 200:
            raise RuntimeError(url)

    running = Game.objects.filter(status=GameStatus.RUNNING).count()
    finished = Game.objects.filter(status=GameStatus.FINISHED).count()
    print(f"anna's games: {running} running, {finished} finished")
    measure("my games page, states kept", lambda i: get("/partite/mie/"), args.runs)
    measure("my games list part, states kept", lambda i: get("/partite/mie/elenco/"), args.runs)
    measure("my games list part, no state kept", lambda i: get("/partite/mie/elenco/"),
            args.runs, prepare=lambda i: kept._STATES.clear())


if __name__ == "__main__":
    main()
