"""Sending hostile values to every page and form.

Every form / POST endpoint and every GET page of guerra/game/views/urls.py gets hostile values in
its fields, its query string and the ids of its path: digits that `int` or `str.isdigit` read
("²", "①", "١٢"), NUL and other control characters, huge and negative numbers, 100 KB strings,
invalid UTF-8 (lone surrogates, as far as HTTP can carry them: their UTF-8 bytes), random text.
The forms and pages are swept, not sampled: each kind of hostile value goes once into each field
of each endpoint (the other fields holding values the pages send, so that the field's own check is
reached), and each bad id into each path. The websocket is fuzzed in
test_fuzz_websocket.py.

What must hold, whatever the input:
- no 5xx, and nothing raised out of a view;
- a refusal (4xx) changes nothing: the rules state, the step, the purses, the events, the
  chats, the attacks and the games are as before, and it says why in Italian.

One game is set up per test and every request runs against it; a request that is accepted
(a lucky valid value) may change it, and the next requests compare against its new state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, quote_from_bytes

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from guerra.game import services
from guerra.game.models import Game, Region, Seat
from tests.game.attack_helpers import declare
from tests.game.hostile_helpers import assert_italian_refusal, state

FUZZ = hypothesis_settings(
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # one game per test, compared per example
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
    derandomize=False,
)

# --- hostile values ------------------------------------------------------------------------------

BIG = "x" * 100_000  # 100 KB
_RANDOM = random.Random(26)  # the same "random" values at every run


def _random_text() -> str:
    """Up to 60 random characters, control characters and every plane included (lone surrogates
    come as bytes, below: a form's text is UTF-8)."""
    tops = [_RANDOM.choice([0x7F, 0xFFFF, 0x10FFFF]) for _ in range(_RANDOM.randint(1, 60))]
    return "".join(chr(_RANDOM.randint(0, top)) for top in tops).translate(_NO_SURROGATES)


_NO_SURROGATES = {c: "\ufffd" for c in range(0xD800, 0xE000)}

# Each kind of hostile value; the sweeps send each kind once into each field, taking the kind's
# values in turn, so that every value goes somewhere.
KINDS: dict[str, list[str]] = {
    "empty and blanks": ["", " ", "\r\n", "a\tb"],
    "number formats": ["0", "1", "2", "-1", "-0", "+1", " 7 ", "007", "1.5", "1e9", "NaN",
                       "Infinity", "0x10", "1_000"],
    "digits int reads": ["²", "①", "١٢", "１２", "٣", "𝟙", "Ⅻ", "power-²"],
    "control characters": ["\x00", "\x001", "1\x00", "\x07", "\x1b[31m", "\x7f", "\x85",
                           "\u202e", "\ufeff", "\ufffd", "Francia\x00"],
    "huge and negative numbers": ["9" * 40, "9" * 5000, str(2**31), str(2**63),
                                  str(-(2**63) - 1), str(2**70), str(-(2**70)),
                                  "neutral-9999999999999999999999"],
    "other fields' words": ["power-1", "power-", "neutral-1", "-power", "casa", "army", "fleet",
                            "fort", "army@casa", "fort@1", "army@1@oro", "army@1>2",
                            "fleet@casa>1", "A", "B", "oro", "naval", "ally", "tiles", "loss",
                            "live", "slow", "mail", "Francia", "Prussia", "Gran Bretagna"],
    "markup and injections": ["<script>alert(1)</script>", "{{ 7 }}", "%(x)s", "' OR 1=1"],
    "long": ["𓂀" * 50, BIG],
    "random text": [_random_text() for _ in range(12)],
    "random numbers": [str(_RANDOM.randint(-(2**70), 2**70)) for _ in range(8)],
}
HOSTILE_WORDS = [word for kind in KINDS.values() for word in kind]
# Raw bytes of a value, as a form body can carry them: invalid UTF-8 and lone surrogates'
# UTF-8 bytes (Django decodes them to U+FFFD).
RAW = [b"\xed\xa0\x80", b"\xff", b"\xc0\x80", b"1\xed\xb0\x80", b"\xf4\x90\x80\x80",
       *(_RANDOM.randbytes(_RANDOM.randint(1, 40)) for _ in range(4))]
# Kinds the sweeps make of the field itself: the values the pages send but in the wrong field,
# several values, raw bytes, the field left out.
SHAPES = ["the pages' values", "several values", "invalid UTF-8", "absent"]

words = st.sampled_from(HOSTILE_WORDS)
any_text = st.text(max_size=60)  # random unicode, control characters included


@dataclass
class Table:
    game: Game
    lobby: Game
    users: dict[str, User]
    seats: list[int]
    regions: list[int]
    attack: int
    sessions: dict[str, str]

    def valid(self) -> list[str]:
        """Values the pages do send: hostile values mixed with them reach deeper code."""
        return [*(str(pk) for pk in self.seats + self.regions),
                *(f"power-{pk}" for pk in self.seats), *(f"army@{pk}" for pk in self.regions)]


@pytest.fixture
def table(running_game, make_user, settings) -> Table:
    # Abuse limits, where they exist, would only turn later requests into 429s.
    settings.GUERRA_CHAT_LINES_PER_MINUTE = 0
    settings.GUERRA_GAMES_PER_HOUR = 0
    settings.GUERRA_SIGNUPS_PER_HOUR = 0
    # The live pace gives a decision two minutes, which a run on a busy machine may outlast:
    # the next request, refused or not, would apply the passed deadline's default.
    Game.objects.filter(pk=running_game.pk).update(deadline_seconds=7 * 24 * 3600)
    attack = declare(running_game, "Gran Bretagna", "Nord America", "Francia")
    dario, capo = make_user("dario"), make_user("capo", staff=True)
    lobby = services.game_create(user=dario, scenario=running_game.scenario, name="Attesa",
                                 is_private=False, power="Spagna")
    users = {s.power: s.user for s in Seat.objects.select_related("user").filter(game=running_game)}
    users.update(dario=dario, capo=capo)
    return Table(
        game=running_game,
        lobby=lobby,
        users=users,
        seats=list(Seat.objects.filter(game=running_game).values_list("pk", flat=True)),
        regions=list(Region.objects.filter(game=running_game).values_list("pk", flat=True)),
        attack=attack.number,
        sessions={},
    )


def client_of(t: Table, who: str, *, own_session: bool = False) -> Client:
    """A client of `who`, logged in. Each user's session is written once a test and shared by
    their requests, as a browser's is; a request that may log in as someone else (the login and
    signup forms) gets a session of its own."""
    client = Client()
    if own_session or who not in t.sessions:
        client.force_login(t.users[who])
        if not own_session:
            t.sessions[who] = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    else:
        client.cookies[django_settings.SESSION_COOKIE_NAME] = t.sessions[who]
    return client


class Watch:
    """The game's state after the last request: what the next one, if refused, must leave."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.last = state(game)

    def check(self, response: Any, what: Any, *, italian: bool = True) -> None:
        assert response.status_code < 500, (what, response.content[:300])
        now = state(self.game)
        if 400 <= response.status_code < 500:
            assert now == self.last, ("a refused request changed the game", what)
            html = response.get("Content-Type", "").startswith("text/html")
            if italian and html and response.status_code != 405:  # 405: a wrong method, no body
                assert_italian_refusal(response.content.decode())
        self.last = now


# --- the pages -----------------------------------------------------------------------------------

PLAY = ["passo", "tipo", "luogo", "a", "b", "sola", "lato", "offerta", "costruzione", "unita",
        "tessera", "pedina", "oro"]
POSTS: dict[str, list[str]] = {
    "game_new": ["name", "scenario", "power", "pace", "is_private"],
    "game_join": ["power"],
    "game_leave": [],
    "game_start": [],
    "game_chat_alliance": ["text"],
    "game_chat_private": ["text"],
    "game_correct": ["seat", "gold", "vp", "note"],
    "unit_place": ["passo", "tipo", "luogo"],
    "auction_propose": ["passo", "a", "b", "sola", "lato", "offerta"],
    "auction_raise": ["passo", "offerta"],
    "auction_pass": ["passo"],
    "unit_build": ["passo", "costruzione"],
    "units_move": ["passo", "unita"],
    "turn_pass": ["passo"],
    "tile_take": ["passo", "tessera"],
    "counter_colonise": ["passo", "pedina"],
    "counter_trade": ["passo", "pedina"],
    "gold_tax": ["passo", "oro"],
    "gold_transfer": ["passo", "a", "oro"],
    "tile_play": ["passo", "tessera"],
    "attack_declare": ["regione", "obiettivo", "passo"],
    "attack_decide": ["kind", "step", "armies", "fleets", "tiles", "fight", "loss"],
    "login": ["username", "password", "next"],
    "signup": ["username", "password1", "password2"],
}
# Staff ending the game would end the sweep too: it is sent by players (refused, 403).
PLAYERS_ONLY = {"game_end": []}
FORMS = {**POSTS, **PLAYERS_ONLY}
GETS = ["lobby", "signup", "login", "game_new", "game_board", "game_board_part",
        "game_regions_part", "game_log_part", "game_negotiation_part", "game_chat_alliance",
        "game_chat_contacts", "game_chat_private", "game_turn_part", "bid_preview", "tile_market",
        "war_report", "game_standings", "attack_declare_panel", "attack_list", "attack_page",
        "attack_panel", "dice_check", "ally_prompts_part", "alliance_invitations_part"]
NO_PATH = {"lobby", "signup", "login", "game_new"}
# The path's further ids of a page (after the game's), its good values.
GOOD_IDS: dict[str, Callable[[Table], list[Any]]] = {
    "attack_decide": lambda t: [t.attack],
    "game_chat_alliance": lambda t: [1, 2],
    "game_chat_private": lambda t: t.seats,
    "war_report": lambda t: [1, 2, 3],
    "attack_page": lambda t: [t.attack],
    "attack_panel": lambda t: [t.attack],
}
BAD_GAME_IDS = [0, 10**20, 2**63]
BAD_IDS = [0, 3, 99, 10**20, 2**63 - 1, 2**63]
QUERY = ["passo", "offerta", "regione", "obiettivo", "pagina", "scenario", "name", "power",
         "pace", "next", "x"]
USERS = ["Francia", "Gran Bretagna", "Prussia", "dario", "capo"]


def path(t: Table, name: str, game: Game, turn: int = 0) -> list[Any]:
    if name in NO_PATH:
        return []
    good = GOOD_IDS.get(name, lambda t: [])(t)
    return [game.pk, *([good[turn % len(good)]] if good else [])]


def users_of(name: str) -> list[str]:
    return ["Francia", "dario"] if name in PLAYERS_ONLY else USERS


def hostile(kind: str, turn: int) -> str:
    values = KINDS[kind]
    return values[turn % len(values)]


def body(fields: dict[str, Any], raw: dict[str, bytes]) -> bytes:
    """A form body, with raw (possibly invalid UTF-8) bytes for the fields in `raw`."""
    pairs = [(name, v.encode()) for name, value in fields.items()
             for v in (value if isinstance(value, list) else [value])]
    return b"&".join(quote(name).encode() + b"=" + quote_from_bytes(v).encode()
                     for name, v in [*pairs, *raw.items()])


def sweep(t: Table, fields: list[str], game: Game, *, turn: int, kind: str,
          target: list[str]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The fields of one request: the kind `kind` in the `target` fields, in turn through the
    kind's values; the other fields what the pages send; "x", a field no form has, hostile."""
    valid = t.valid()
    form: dict[str, Any] = {"x": HOSTILE_WORDS[turn % len(HOSTILE_WORDS)]}
    raw: dict[str, bytes] = {}
    for i, field in enumerate(fields):
        n = turn + i
        if field not in target:
            form[field] = str(game.step) if field == "passo" else valid[n % len(valid)]
        elif kind == "the pages' values":
            form[field] = valid[(n * 7) % len(valid)]
        elif kind == "several values":
            pair = [valid[n % len(valid)], HOSTILE_WORDS[(n * 13) % len(HOSTILE_WORDS)]]
            form[field] = pair if n % 2 else pair[::-1]
        elif kind == "invalid UTF-8":
            raw[field] = RAW[n % len(RAW)]
        elif kind != "absent":
            form[field] = hostile(kind, n)
    return form, raw


def test_every_form_refuses_each_kind_of_hostile_value_in_each_field_in_italian_unchanged(table):
    watch = Watch(table.game)
    turn = 0
    for name, fields in sorted(FORMS.items()):
        for field in fields or ["x"]:
            for kind in [*KINDS, *SHAPES]:
                turn += 1
                game = table.lobby if turn % 3 == 0 else table.game
                game.refresh_from_db(fields=["step"])
                who = users_of(name)[turn % len(users_of(name))]
                url = reverse(name, args=path(table, name, game, turn))
                client = client_of(table, who, own_session=name in ("login", "signup"))
                headers = {"HX-Request": "true"} if (turn // 5) % 2 else {}
                form, raw = sweep(table, fields, game, turn=turn, kind=kind, target=[field])
                what = (name, field, kind, who)
                if raw:
                    response = client.generic("POST", url, body(form, raw),
                                              "application/x-www-form-urlencoded", headers=headers)
                else:
                    response = client.post(url, form, headers=headers)
                watch.check(response, what)


def test_every_page_survives_each_kind_of_hostile_value_in_its_query_string(table):
    watch = Watch(table.game)
    turn = 0
    for name in GETS:
        for kind in [*KINDS, *SHAPES]:
            turn += 1
            game = table.lobby if turn % 3 == 0 else table.game
            game.refresh_from_db(fields=["step"])
            who = USERS[turn % len(USERS)]
            url = reverse(name, args=path(table, name, game, turn))
            headers = {"HX-Request": "true"} if (turn // 5) % 2 else {}
            query, raw = sweep(table, QUERY, game, turn=turn, kind=kind, target=QUERY)
            if raw:
                url = f"{url}?{body(query, raw).decode()}"
                query = {}
            response = client_of(table, who).get(url, query, headers=headers)
            watch.check(response, (name, kind, who))


def test_every_path_with_a_bad_id_is_refused_and_changes_nothing(table):
    # Ids that `int` reads but no row has, or that no database column holds (SQLite's integers
    # end at 2**63 - 1): in the game's place and in the further id's.
    watch = Watch(table.game)
    for turn, name in enumerate(sorted({*FORMS, *GETS} - NO_PATH)):
        who = users_of(name)[turn % len(users_of(name))]
        good = GOOD_IDS.get(name, lambda t: [])(table)
        paths = [[bad, *good[:1]] for bad in BAD_GAME_IDS]
        paths += [[table.game.pk, bad] for bad in BAD_IDS] if good else []
        for args in paths:
            client = client_of(table, who)
            url = reverse(name, args=args)
            if name in FORMS:
                response = client.post(url, {field: "1" for field in FORMS[name]})
            else:
                response = client.get(url)
            watch.check(response, (name, args, who))


def test_every_page_of_a_game_in_the_lobby_or_in_play_answers_a_plain_query_without_a_5xx(table):
    # What a sweep of hostile values may miss (the bid preview of a game in the lobby raised,
    # found in CI once): every page, both games, a seated player, an outsider and staff, each
    # with and without htmx, every query field a plain "1".
    query = {field: "1" for field in QUERY}
    watch = Watch(table.game)
    for name in sorted(GETS):
        for game in (table.game, table.lobby):
            for who in ("Francia", "dario", "capo"):
                for headers in ({}, {"HX-Request": "true"}):
                    response = client_of(table, who).get(
                        reverse(name, args=path(table, name, game)), query, headers=headers)
                    watch.check(response, (name, game.name, who))


def test_every_post_endpoint_of_a_game_in_the_lobby_or_in_play_takes_plain_fields_without_a_5xx(
        table):
    # The same sweep for the forms: every field a plain "1", a seated player and an outsider
    # (staff would end the game, see PLAYERS_ONLY); a refusal changes nothing and is Italian.
    watch = Watch(table.game)
    for name, fields in sorted(FORMS.items()):
        for game in (table.game, table.lobby):
            for who in ("Francia", "dario"):
                response = client_of(table, who, own_session=name in ("login", "signup")).post(
                    reverse(name, args=path(table, name, game)), {field: "1" for field in fields},
                    headers={"HX-Request": "true"})
                watch.check(response, (name, game.name, who))


@hypothesis_settings(FUZZ, max_examples=40)
@given(token=st.one_of(words, any_text, st.just("x" * 5000)))
def test_an_invite_token_of_any_shape_is_a_404(table, token):
    token = token.replace("/", "") or "x"
    response = client_of(table, "dario").get("/invito/" + quote(token, safe="") + "/")
    assert response.status_code in (302, 404)
