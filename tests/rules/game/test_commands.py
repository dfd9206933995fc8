"""`python -m guerra.rules war-end|auction CASE.json`, through `subprocess.run` as a user runs it.

Every expected number is worked out by hand from game-rules.md (G21-G27, G41-G42, G50-G62 and
section 5); the arithmetic sits next to it. Readings of points the spec leaves open are written
in the docstrings.

Readings used throughout:
- `paid` and `unrest` of the auction are compared after dropping zero entries: the spec says
  "gold paid per power" without saying whether powers that paid nothing are listed.
- `paid` is the bid won (the gold handed over), including gold raised by automatic taxation.
- `slots` lists only the powers placed so far, in slot order; `alliances` lists each side's
  powers in slot order, and is `{"A": [], "B": []}` while nobody is placed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.rules.game.helpers import power, region

ROOT = Path(__file__).resolve().parents[3]
# `python -m guerra.rules` answered in this process (tests/rules/conftest.py); some of these
# tests run it as a real child process as well (engine/test_cli_subprocess.py).
pytestmark = pytest.mark.usefixtures("cli_in_process")

GB, FR, ES, AT, PR, RU, NL = ("Gran Bretagna", "Francia", "Spagna", "Austria", "Prussia",
                              "Russia", "Province Unite")
ST, ME, BA, IN, AF = "Stati Tedeschi", "Mediterraneo", "Baltico", "India", "Africa"


# --- helpers -------------------------------------------------------------------------------------

def rules_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "guerra.rules", *args], cwd=ROOT, capture_output=True,
        text=True, timeout=60, check=False,
    )


def run_case(tmp_path: Path, command: str, case: Any) -> subprocess.CompletedProcess[str]:
    path = tmp_path / f"{command}.json"
    text = case if isinstance(case, str) else json.dumps(case)
    path.write_text(text, encoding="utf-8")
    return rules_command(command, str(path))


def ok(tmp_path: Path, command: str, case: Any) -> dict[str, Any]:
    done = run_case(tmp_path, command, case)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def assert_refused(tmp_path: Path, command: str, case: Any, expected: str) -> None:
    """Bad input: exit status 2, nothing on stdout, exactly one line on stderr, no traceback;
    the line ends with `expected`, the reason the rule gives."""
    done = run_case(tmp_path, command, case)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.strip().endswith(expected), done.stderr
    assert "Traceback" not in done.stderr


def nonzero(mapping: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in mapping.items() if v}


def propose(power: str, bid: int, **sides: str) -> dict[str, Any]:
    return {"power": power, "propose": dict(sides), "bid": bid}


def pass_(power: str) -> dict[str, Any]:
    return {"power": power, "pass": True}


def passes(*powers: str) -> list[dict[str, Any]]:
    return [pass_(p) for p in powers]


def auction(seating: list[str], first_opener: str, calls: list[dict[str, Any]],
            gold: dict[str, int] | None = None) -> dict[str, Any]:
    return {"seating": seating, "first_opener": first_opener,
            "gold": gold if gold is not None else {p: 5 for p in seating}, "calls": calls}


def snapshot(powers: list[dict[str, Any]], regions: list[dict[str, Any]] | None = None,
             last_war: bool = False, **extra: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"last_war": last_war,
                            "regions": regions if regions is not None
                            else [region(ST, True, [8, 5, 3])],
                            "powers": powers}
    case.update(extra)
    return case


SPEC_AUCTION: dict[str, Any] = {
    "seating": [FR, PR, ES], "first_opener": FR,
    "gold": {FR: 5, PR: 3, ES: 0},
    "calls": [{"power": FR, "propose": {"A": FR, "B": PR}, "bid": 1},
              {"power": PR, "pass": True},
              {"power": ES, "propose": {"A": ES, "B": FR}, "bid": 2},
              {"power": FR, "pass": True}, {"power": PR, "pass": True}],
}

SPEC_SNAPSHOT: dict[str, Any] = {
    "last_war": False,
    "regions": [{"name": ST, "europe": True, "vp": [8, 5, 3]}],
    "powers": [{"power": FR, "gold": 3, "population": 4, "unrest": 2, "vp": 10,
                "armies": 5, "fleets": 2, "forts": 1, "tile_income": 3,
                "markers": {ST: 2}}],
}


# --- auction ------------------------------------------------------------------------------------

def test_G21_G26_the_spec_example_auction(tmp_path: Path) -> None:
    """Spagna's raise (bid 2) is followed by n-1 = 2 passes (Francia, Prussia): it closes.
    Spagna has 0 gold: shortfall 2 -> 2/2 = 1 unrest. Slot 1 = A = Spagna, slot 2 = B =
    Francia. Next opener: the power after Francia (the previous opener) = Prussia."""
    result = ok(tmp_path, "auction", SPEC_AUCTION)
    assert result["slots"] == [ES, FR]
    assert result["alliances"] == {"A": [ES], "B": [FR]}
    assert nonzero(result["paid"]) == {ES: 2}
    assert nonzero(result["unrest"]) == {ES: 1}  # shortfall 2 - 0 = 2 gold -> 1 unrest
    assert result["next"] == {"power": PR, "call": "propose"}


def test_G22_the_spec_example_finished_with_the_single_last_power_joining_B(
        tmp_path: Path) -> None:
    """Prussia, the single last power, opens (after Francia) with {"B": "Prussia"}, bid 0;
    Spagna and Francia pass (n-1 = 2): Prussia takes slot 3 in alliance B."""
    case = dict(SPEC_AUCTION)
    case["calls"] = [*SPEC_AUCTION["calls"], propose(PR, 0, B=PR), *passes(ES, FR)]
    result = ok(tmp_path, "auction", case)
    assert result["slots"] == [ES, FR, PR]
    assert result["alliances"] == {"A": [ES], "B": [FR, PR]}
    assert nonzero(result["paid"]) == {ES: 2}  # Prussia's bid 0 costs nothing
    assert nonzero(result["unrest"]) == {ES: 1}
    assert result["next"] is None


def test_G22_the_single_last_power_with_odd_n_joins_A(tmp_path: Path) -> None:
    """Francia opens {A: Francia, B: Prussia}; two passes close it. Prussia (after Francia)
    opens {"A": "Spagna"}, bid 0; Spagna and Francia pass: Spagna is slot 3, alliance A."""
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES),
             propose(PR, 0, A=ES), *passes(ES, FR)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES], FR, calls))
    assert result["slots"] == [FR, PR, ES]
    assert result["alliances"] == {"A": [FR, ES], "B": [PR]}
    assert nonzero(result["paid"]) == {}
    assert result["next"] is None


def test_G24_a_raise_can_move_the_single_last_power_to_the_other_side(tmp_path: Path) -> None:
    """As above, but Spagna raises to 1 with {"B": "Spagna"}; Francia and Prussia pass (n-1 = 2
    after the raiser): Spagna joins B and pays 1 (gold 5 -> 4, no tax)."""
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES),
             propose(PR, 0, A=ES), propose(ES, 1, B=ES), *passes(FR, PR)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES], FR, calls))
    assert result["slots"] == [FR, PR, ES]
    assert result["alliances"] == {"A": [FR], "B": [PR, ES]}
    assert nonzero(result["paid"]) == {ES: 1}
    assert nonzero(result["unrest"]) == {}
    assert result["next"] is None


def test_G23_the_opener_must_propose_a_pass_as_first_call_is_refused(tmp_path: Path) -> None:
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, [pass_(FR)]),
                   "Chiamata 1: La Francia apre questa proposta: deve proporre, non può passare.")


def test_G23_the_next_opener_must_propose_too(tmp_path: Path) -> None:
    """After the first proposal closes, Prussia (after Francia) opens: its pass is refused."""
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES), pass_(PR)]
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, calls),
                   "Chiamata 4: La Prussia apre questa proposta: deve proporre, non può passare.")


@pytest.mark.parametrize(
    ("calls", "expected"),
    [
        # the first call is not the first opener's
        ([propose(PR, 0, A=FR, B=PR)],
         "Chiamata 1: Non tocca alla Prussia: ora tocca alla Francia."),
        # after Francia, the call is Prussia's, not Spagna's
        ([propose(FR, 1, A=FR, B=PR), pass_(ES)],
         "Chiamata 2: Non tocca alla Spagna: ora tocca alla Prussia."),
        # after the close, Prussia (after the opener Francia) opens, not the winner Spagna
        ([propose(FR, 1, A=FR, B=PR), pass_(PR), propose(ES, 2, A=ES, B=FR), *passes(FR, PR),
          propose(ES, 0, A=PR)], "Chiamata 6: Non tocca alla Spagna: ora tocca alla Prussia."),
        # every power has a slot: no call is anyone's turn
        ([propose(FR, 0, A=FR, B=PR), *passes(PR, ES), propose(PR, 0, A=ES), *passes(ES, FR),
          pass_(ES)], "Chiamata 7: L'asta è finita: ogni potenza ha la sua posizione."),
    ],
    ids=["first-call", "skips-a-power", "winner-opens", "after-the-end"],
)
def test_G24_a_call_out_of_turn_is_refused(tmp_path: Path, calls: list[dict[str, Any]],
                                           expected: str) -> None:
    """Reading: a call after every power has a slot is out of turn too."""
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, calls), expected)


@pytest.mark.parametrize("bid", [2, 1, 0], ids=["equal", "lower", "zero"])
def test_G24_a_raise_not_above_the_bid_is_refused(tmp_path: Path, bid: int) -> None:
    """Francia bids 2; Prussia's raise must be at least 2 + 1 = 3."""
    calls = [propose(FR, 2, A=FR, B=PR), propose(PR, bid, A=PR, B=ES)]
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, calls),
                   "Chiamata 2: Un rilancio deve offrire più di 2 ori.")


@pytest.mark.parametrize(
    ("last_call", "placed"),
    [(propose(PR, 0, A=ES, B=FR), "La Francia"),   # the opener names Francia, in slot 1
     (propose(PR, 0, A=PR, B=AT), "La Prussia")],  # ... names Prussia, placed in slot 2
    ids=["opener-names-slot-1", "opener-names-slot-2"],
)
def test_G22_a_proposal_naming_a_placed_power_is_refused(tmp_path: Path,
                                                         last_call: dict[str, Any],
                                                         placed: str) -> None:
    """Francia and Prussia are placed by the first proposal; Prussia opens the second."""
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES, AT), last_call]
    assert_refused(tmp_path, "auction", auction([FR, PR, ES, AT], FR, calls),
                   f"Chiamata 5: {placed} ha già una posizione nella tabella delle alleanze.")


def test_G24_a_raise_replacing_the_proposal_with_a_placed_power_is_refused(
        tmp_path: Path) -> None:
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES, AT),
             propose(PR, 0, A=ES, B=AT), propose(ES, 1, A=ES, B=FR)]
    assert_refused(tmp_path, "auction", auction([FR, PR, ES, AT], FR, calls),
                   "Chiamata 6: La Francia ha già una posizione nella tabella delle alleanze.")


def test_G22_a_proposal_naming_one_power_on_both_sides_is_refused(tmp_path: Path) -> None:
    """Reading: "names two unplaced powers, one for A and one for B" means two different ones."""
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, [propose(FR, 0, A=PR, B=PR)]),
                   "Chiamata 1: Una proposta nomina due potenze diverse.")


@pytest.mark.parametrize(
    ("first_opener", "calls"),
    [
        (FR, [propose(FR, 0, A=FR, B=PR), pass_("Olanda")]),
        (FR, [propose(FR, 0, A=FR, B="Olanda")]),
        ("Olanda", [propose("Olanda", 0, A=FR, B=PR)]),
    ],
    ids=["caller", "named-in-proposal", "first-opener"],
)
def test_G1_an_unknown_power_is_refused(tmp_path: Path, first_opener: str,
                                        calls: list[dict[str, Any]]) -> None:
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], first_opener, calls),
                   "“Olanda” non è una potenza di questa partita.")


@pytest.mark.parametrize(
    ("calls", "gold", "field"),
    [
        ([propose(FR, -1, A=FR, B=PR)], {FR: 5, PR: 5, ES: 5}, "calls[0].bid"),
        ([propose(FR, 0, A=FR, B=PR)], {FR: -1, PR: 5, ES: 5}, "gold.Francia"),
    ],
    ids=["bid", "gold"],
)
def test_G4_G22_negative_numbers_are_refused_by_the_auction(
        tmp_path: Path, calls: list[dict[str, Any]], gold: dict[str, int], field: str) -> None:
    assert_refused(tmp_path, "auction", auction([FR, PR, ES], FR, calls, gold),
                   f"Il campo “{field}” non può essere negativo.")


def test_auction_malformed_json_is_refused_in_one_line(tmp_path: Path) -> None:
    assert_refused(tmp_path, "auction", '{"seating": ["Francia", "Prussia"],\n "calls": [',
                   "auction.json non è un JSON valido (riga 2, colonna 12).")


def test_G24_closes_after_exactly_n_minus_1_passes_and_not_after_n_minus_2(
        tmp_path: Path) -> None:
    """n = 4: Francia bids 2; after Prussia and Spagna pass (n-2 = 2) it is still open and the
    call is Austria's at bid 2; Austria's pass is the third (n-1 = 3): it closes."""
    seating = [FR, PR, ES, AT]
    open_calls = [propose(FR, 2, A=FR, B=PR), *passes(PR, ES)]
    still_open = ok(tmp_path, "auction", auction(seating, FR, open_calls))
    assert still_open["slots"] == []
    assert still_open["alliances"] == {"A": [], "B": []}
    assert nonzero(still_open["paid"]) == {}
    assert still_open["next"] == {"power": AT, "call": "raise_or_pass", "bid": 2}

    closed = ok(tmp_path, "auction", auction(seating, FR, [*open_calls, pass_(AT)]))
    assert closed["slots"] == [FR, PR]
    assert closed["alliances"] == {"A": [FR], "B": [PR]}
    assert nonzero(closed["paid"]) == {FR: 2}  # gold 5 >= 2: no tax
    assert nonzero(closed["unrest"]) == {}
    assert closed["next"] == {"power": PR, "call": "propose"}


def test_G24_a_power_that_passed_raises_when_the_call_comes_back(tmp_path: Path) -> None:
    """n = 3. Francia 1; Prussia passes; Spagna raises to 2; Francia passes (1 pass after the
    raiser: still open, Prussia's call at 2); Prussia, who passed before, raises to 3 with its
    own proposal; Spagna and Francia pass (n-1 = 2 after Prussia): Prussia wins and pays 3."""
    seating = [FR, PR, ES]
    head = [propose(FR, 1, A=FR, B=PR), pass_(PR), propose(ES, 2, A=ES, B=FR), pass_(FR)]
    open_case = ok(tmp_path, "auction", auction(seating, FR, head))
    assert open_case["slots"] == []
    assert open_case["next"] == {"power": PR, "call": "raise_or_pass", "bid": 2}

    calls = [*head, propose(PR, 3, A=PR, B=ES), *passes(ES, FR)]
    result = ok(tmp_path, "auction", auction(seating, FR, calls))
    assert result["slots"] == [PR, ES]
    assert result["alliances"] == {"A": [PR], "B": [ES]}
    assert nonzero(result["paid"]) == {PR: 3}  # gold 5 - 3 = 2: no tax
    assert nonzero(result["unrest"]) == {}
    assert result["next"] == {"power": PR, "call": "propose"}  # after the opener Francia


def test_G24_G25_a_raise_replacing_the_proposal_decides_the_slots(tmp_path: Path) -> None:
    """Prussia raises to 1 and replaces Francia's {A: Francia, B: Prussia} by {A: Austria,
    B: Spagna}, naming neither itself nor the opener (G25); three passes close it. Prussia
    pays 1 although it is not placed."""
    calls = [propose(FR, 0, A=FR, B=PR), propose(PR, 1, A=AT, B=ES), *passes(ES, AT, FR)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES, AT], FR, calls))
    assert result["slots"] == [AT, ES]
    assert result["alliances"] == {"A": [AT], "B": [ES]}
    assert nonzero(result["paid"]) == {PR: 1}
    assert result["next"] == {"power": PR, "call": "propose"}


def test_G24_a_raise_without_a_new_proposal_keeps_the_current_one(tmp_path: Path) -> None:
    """Reading: a raise that keeps the proposal is written {"power": ..., "bid": n} (the spec
    says a raiser *may* replace the proposal, and shows no other shape). Prussia raises to 2
    on Francia's proposal, three passes: the slots are Francia's proposal, Prussia pays 2."""
    calls = [propose(FR, 0, A=FR, B=PR), {"power": PR, "bid": 2}, *passes(ES, AT, FR)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES, AT], FR, calls))
    assert result["slots"] == [FR, PR]
    assert result["alliances"] == {"A": [FR], "B": [PR]}
    assert nonzero(result["paid"]) == {PR: 2}


def test_G23_the_next_opener_is_the_power_after_the_previous_opener_wrapping(
        tmp_path: Path) -> None:
    """Seating Francia, Prussia, Spagna, Austria; first opener Austria (the last seat). After
    its proposal closes, the next opener wraps round to Francia."""
    seating = [FR, PR, ES, AT]
    head = [propose(AT, 0, A=FR, B=PR), *passes(FR, PR, ES)]
    first = ok(tmp_path, "auction", auction(seating, AT, head))
    assert first["slots"] == [FR, PR]
    assert first["next"] == {"power": FR, "call": "propose"}

    calls = [*head, propose(FR, 0, A=ES, B=AT), *passes(PR, ES, AT)]
    result = ok(tmp_path, "auction", auction(seating, AT, calls))
    assert result["slots"] == [FR, PR, ES, AT]
    assert result["alliances"] == {"A": [FR, ES], "B": [PR, AT]}
    assert result["next"] is None


def test_G23_the_next_opener_follows_the_previous_opener_not_the_winner(tmp_path: Path) -> None:
    """Francia opens, Spagna wins with a raise: the next opener is Prussia (after Francia), not
    Austria (after the winner Spagna)."""
    calls = [propose(FR, 0, A=FR, B=PR), pass_(PR), propose(ES, 1, A=ES, B=AT),
             *passes(AT, FR, PR)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES, AT], FR, calls))
    assert result["slots"] == [ES, AT]
    assert nonzero(result["paid"]) == {ES: 1}
    assert result["next"] == {"power": PR, "call": "propose"}


def test_G26_auction_winner_short_of_gold_is_taxed_automatically(tmp_path: Path) -> None:
    """Francia has 1 gold and wins at 4: shortfall 4 - 1 = 3 gold, odd -> ceil(3/2) = 2 unrest."""
    calls = [propose(FR, 4, A=FR, B=PR), *passes(PR, ES)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES], FR, calls, {FR: 1, PR: 0, ES: 0}))
    assert nonzero(result["paid"]) == {FR: 4}
    assert nonzero(result["unrest"]) == {FR: 2}  # 3 gold -> 1.5 -> rounded up to 2


def test_G26_a_bid_of_0_costs_nothing_to_a_power_without_gold(tmp_path: Path) -> None:
    calls = [propose(FR, 0, A=FR, B=PR), *passes(PR, ES)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES], FR, calls, {FR: 0, PR: 0, ES: 0}))
    assert nonzero(result["paid"]) == {}
    assert nonzero(result["unrest"]) == {}


def test_G26_a_power_winning_two_proposals_pays_twice(tmp_path: Path) -> None:
    """Francia (3 gold) wins the first proposal at 2 (3 - 2 = 1 left) and, already placed, wins
    the second with a raise to 2 (G25): it has 1, shortfall 1 -> 1 unrest. Paid 2 + 2 = 4."""
    seating = [FR, PR, ES, AT]
    calls = [propose(FR, 2, A=FR, B=PR), *passes(PR, ES, AT),
             propose(PR, 0, A=ES, B=AT), *passes(ES, AT), propose(FR, 2, A=AT, B=ES),
             *passes(PR, ES, AT)]
    result = ok(tmp_path, "auction",
                auction(seating, FR, calls, {FR: 3, PR: 5, ES: 5, AT: 5}))
    assert result["slots"] == [FR, PR, AT, ES]
    assert result["alliances"] == {"A": [FR, AT], "B": [PR, ES]}
    assert nonzero(result["paid"]) == {FR: 4}  # 2 + 2
    assert nonzero(result["unrest"]) == {FR: 1}  # second payment: 2 - 1 = 1 gold short -> 1
    assert result["next"] is None


def test_G23_next_with_no_calls_is_the_first_opener_proposing(tmp_path: Path) -> None:
    result = ok(tmp_path, "auction", auction([FR, PR, ES], PR, []))
    assert result["slots"] == []
    assert result["alliances"] == {"A": [], "B": []}
    assert nonzero(result["paid"]) == {}
    assert nonzero(result["unrest"]) == {}
    assert result["next"] == {"power": PR, "call": "propose"}


def test_G24_next_raise_or_pass_carries_the_current_bid(tmp_path: Path) -> None:
    """Francia bids 1, Prussia raises to 3: the call is Spagna's at bid 3."""
    calls = [propose(FR, 1, A=FR, B=PR), propose(PR, 3, A=PR, B=ES)]
    result = ok(tmp_path, "auction", auction([FR, PR, ES], FR, calls))
    assert result["next"] == {"power": ES, "call": "raise_or_pass", "bid": 3}
    assert result["slots"] == []


def test_G21_G24_two_powers(tmp_path: Path) -> None:
    """n = 2, first opener Prussia. Prussia bids 0 (call then Francia's at 0); Francia raises to
    1 with its own proposal; Prussia's pass is the n-1 = 1 pass: closed. Francia has 0 gold:
    shortfall 1 -> 1 unrest."""
    seating = [FR, PR]
    gold = {FR: 0, PR: 5}
    opened = ok(tmp_path, "auction", auction(seating, PR, [propose(PR, 0, A=PR, B=FR)], gold))
    assert opened["next"] == {"power": FR, "call": "raise_or_pass", "bid": 0}

    calls = [propose(PR, 0, A=PR, B=FR), propose(FR, 1, A=FR, B=PR), pass_(PR)]
    result = ok(tmp_path, "auction", auction(seating, PR, calls, gold))
    assert result["slots"] == [FR, PR]
    assert result["alliances"] == {"A": [FR], "B": [PR]}
    assert nonzero(result["paid"]) == {FR: 1}
    assert nonzero(result["unrest"]) == {FR: 1}
    assert result["next"] is None


def test_G21_G27_seven_powers_full_auction(tmp_path: Path) -> None:
    """Seating GB, FR, ES, AT, PR, RU, NL; first opener Austria; everybody has 3 gold.
    1) AT opens {A: AT, B: PR} 1; PR passes; RU raises {A: RU, B: AT} 2; NL GB FR ES AT PR pass
       (6 = n-1): RU pays 2. Slots 1 RU (A), 2 AT (B).
    2) PR (after AT) opens {A: PR, B: NL} 0; RU NL GB FR ES AT pass. Slots 3 PR, 4 NL.
    3) RU (after PR, already placed) opens {A: GB, B: FR} 0; NL raises {A: FR, B: ES} 4 (3 gold:
       shortfall 1 -> 1 unrest); GB FR ES AT PR RU pass. Slots 5 FR, 6 ES.
    4) NL (after RU) opens {"B": GB} 0; GB FR ES AT PR RU pass. Slot 7 GB (B)."""
    seating = [GB, FR, ES, AT, PR, RU, NL]
    calls = [
        propose(AT, 1, A=AT, B=PR), pass_(PR), propose(RU, 2, A=RU, B=AT),
        *passes(NL, GB, FR, ES, AT, PR),
        propose(PR, 0, A=PR, B=NL), *passes(RU, NL, GB, FR, ES, AT),
        propose(RU, 0, A=GB, B=FR), propose(NL, 4, A=FR, B=ES), *passes(GB, FR, ES, AT, PR, RU),
        propose(NL, 0, B=GB), *passes(GB, FR, ES, AT, PR, RU),
    ]
    gold = {p: 3 for p in seating}
    # After five of the six passes of proposal 1 it is still open: Prussia's call at 2.
    partial = ok(tmp_path, "auction", auction(seating, AT, calls[:8], gold))
    assert partial["slots"] == []
    assert partial["next"] == {"power": PR, "call": "raise_or_pass", "bid": 2}

    result = ok(tmp_path, "auction", auction(seating, AT, calls, gold))
    assert result["slots"] == [RU, AT, PR, NL, FR, ES, GB]
    assert result["alliances"] == {"A": [RU, PR, FR], "B": [AT, NL, ES, GB]}
    assert nonzero(result["paid"]) == {RU: 2, NL: 4}
    assert nonzero(result["unrest"]) == {NL: 1}  # 4 - 3 = 1 gold short -> 1 unrest
    assert result["next"] is None


# --- war-end ------------------------------------------------------------------------------------

def test_G50_G57_the_spec_example_snapshot(tmp_path: Path) -> None:
    """Francia: income 4 pop + 2 markers + 3 tiles = 9; gold 3 + 9 = 12; maintenance
    5 + 2 + 1 = 8; gold 12 - 8 = 4, nothing taxed; population 4 + 3 = 7; unrest 2; alone in
    Stati Tedeschi -> 1st -> 8 VP: 10 + 8 = 18.
    Reading: `penalty`, `revolution` and `rank` appear only with "last_war": true ("also")."""
    result = ok(tmp_path, "war-end", SPEC_SNAPSHOT)
    assert result == {"powers": {FR: {
        "income": 9, "maintenance": 8, "taxed_unrest": 0, "gold": 4, "population": 7,
        "unrest": 2, "vp": 18, "scores": {ST: 8},
    }}}


def test_G50_income_is_population_plus_markers_plus_tile_income(tmp_path: Path) -> None:
    """Population 6 + markers 2 (Stati Tedeschi) + 1 (India) + tile income 3 = 12; gold
    1 + 12 = 13, no units, so 13 after."""
    case = snapshot([power(FR, gold=1, population=6, tile_income=3, markers={ST: 2, IN: 1})],
                    [region(ST, True, [8, 5, 3]), region(IN, False, [5, 3])])
    fr = ok(tmp_path, "war-end", case)["powers"][FR]
    assert fr["income"] == 12  # 6 + 3 + 3
    assert fr["maintenance"] == 0
    assert fr["gold"] == 13  # 1 + 12


def test_G51_maintenance_is_one_gold_per_army_fleet_and_fort(tmp_path: Path) -> None:
    """Armies 2 + fleets 3 + forts 1 = 6. Gold 10 + income 0 - 6 = 4."""
    case = snapshot([power(FR, gold=10, armies=2, fleets=3, forts=1)])
    fr = ok(tmp_path, "war-end", case)["powers"][FR]
    assert fr["income"] == 0
    assert fr["maintenance"] == 6
    assert fr["taxed_unrest"] == 0
    assert fr["gold"] == 4  # 10 - 6


def test_G52_income_comes_before_maintenance(tmp_path: Path) -> None:
    """0 gold, income 5 (population 5), maintenance 5 armies: 0 + 5 - 5 = 0, no tax."""
    case = snapshot([power(FR, gold=0, population=5, armies=5, unrest=1)])
    fr = ok(tmp_path, "war-end", case)["powers"][FR]
    assert (fr["income"], fr["maintenance"], fr["taxed_unrest"]) == (5, 5, 0)
    assert (fr["gold"], fr["unrest"]) == (0, 1)


@pytest.mark.parametrize(
    ("fields", "taxed"),
    [
        # gold 2 + income 1 = 3, maintenance 6: shortfall 3 (odd) -> ceil(3/2) = 2
        ({"gold": 2, "population": 1, "armies": 6}, 2),
        # 0 + 0 - 4: shortfall 4 -> 2
        ({"gold": 0, "armies": 4}, 2),
        # 0 + 0 - 1: shortfall 1 -> ceil(1/2) = 1
        ({"gold": 0, "forts": 1}, 1),
        # 1 + 0 - 6: shortfall 5 -> ceil(5/2) = 3
        ({"gold": 1, "fleets": 6}, 3),
    ],
    ids=["shortfall-3", "shortfall-4", "shortfall-1", "shortfall-5"],
)
def test_G42_G52_a_maintenance_shortfall_is_taxed_exactly_rounding_unrest_up(
        tmp_path: Path, fields: dict[str, int], taxed: int) -> None:
    """Exactly the missing gold is taxed, so gold ends at 0 (the half gold of an odd shortfall
    is not kept); unrest 1 + taxed."""
    case = snapshot([power(FR, unrest=1, **fields)])
    fr = ok(tmp_path, "war-end", case)["powers"][FR]
    assert fr["taxed_unrest"] == taxed
    assert fr["gold"] == 0
    assert fr["unrest"] == 1 + taxed


def test_G53_population_grows_by_3_by_default(tmp_path: Path) -> None:
    fr = ok(tmp_path, "war-end", snapshot([power(FR, population=4)]))["powers"][FR]
    assert fr["population"] == 7  # 4 + 3
    assert fr["income"] == 4  # income counts the population before growth (G50 before G53)


@pytest.mark.parametrize(("growth", "expected"), [(2, 6), (0, 4), (5, 9)])
def test_G53_population_growth_given_in_the_snapshot(tmp_path: Path, growth: int,
                                                     expected: int) -> None:
    case = snapshot([power(FR, population=4)], population_growth=growth)
    assert ok(tmp_path, "war-end", case)["powers"][FR]["population"] == expected  # 4 + growth


def _europe_and_colonies() -> dict[str, Any]:
    regions = [region(ST, True, [8, 5, 3]), region(ME, True, [7, 4, 2]),
               region(BA, True, [6, 4, 2]), region(IN, False, [5, 3]),
               region(AF, False, [3, 2])]
    return snapshot([
        power(FR, markers={ST: 3, ME: 2, BA: 4, IN: 2, AF: 3}),
        power(PR, markers={ST: 3, ME: 1, BA: 3, IN: 2, AF: 2}),
        power(ES, markers={ST: 1, ME: 1, BA: 2, IN: 1, AF: 1}),
        power(AT, markers={ME: 1, BA: 1}),
    ], regions)


def test_G55_ties_share_a_place_and_the_next_count_takes_the_next_place(tmp_path: Path) -> None:
    """Stati Tedeschi (8/5/3): counts 3, 3, 1 -> Francia 8, Prussia 8, Spagna 5 (2nd place, not
    3rd). Mediterraneo (7/4/2): 2, 1, 1, 1 -> Francia 7, the three with 1 each 4."""
    powers = ok(tmp_path, "war-end", _europe_and_colonies())["powers"]
    assert powers[FR]["scores"][ST] == 8
    assert powers[PR]["scores"][ST] == 8
    assert powers[ES]["scores"][ST] == 5
    assert ST not in powers[AT]["scores"]
    assert powers[FR]["scores"][ME] == 7
    assert (powers[PR]["scores"][ME], powers[ES]["scores"][ME], powers[AT]["scores"][ME]) == (
        4, 4, 4)


def test_G54_europe_scores_three_places_a_fourth_distinct_count_scores_nothing(
        tmp_path: Path) -> None:
    """Baltico (6/4/2): counts 4, 3, 2, 1 -> 6, 4, 2, and Austria's 1 scores 0 (left out)."""
    powers = ok(tmp_path, "war-end", _europe_and_colonies())["powers"]
    assert (powers[FR]["scores"][BA], powers[PR]["scores"][BA], powers[ES]["scores"][BA]) == (
        6, 4, 2)
    assert BA not in powers[AT]["scores"]


def test_G54_G55_colonies_score_two_places_dense(tmp_path: Path) -> None:
    """Reading: a colony's "vp" has two values ("India 5/3"). India (5/3): counts 2, 2, 1 ->
    5, 5, 3. Africa (3/2): counts 3, 2, 1 -> 3, 2, and Spagna's third distinct count scores 0
    (left out of its scores)."""
    powers = ok(tmp_path, "war-end", _europe_and_colonies())["powers"]
    assert (powers[FR]["scores"][IN], powers[PR]["scores"][IN], powers[ES]["scores"][IN]) == (
        5, 5, 3)
    assert (powers[FR]["scores"][AF], powers[PR]["scores"][AF]) == (3, 2)
    assert AF not in powers[ES]["scores"]


def test_G54_scores_leave_out_regions_scoring_0_and_vp_add_up(tmp_path: Path) -> None:
    """Whole `scores` and `vp` of every power (all start at 0 VP):
    Francia ST 8 + ME 7 + BA 6 + IN 5 + AF 3 = 29; Prussia 8 + 4 + 4 + 5 + 2 = 23;
    Spagna 5 + 4 + 2 + 3 = 14 (Africa 0 left out); Austria ME 4 (Baltico 0 left out).
    Income = markers: Francia 14, Prussia 11, Spagna 6, Austria 2 (population 0)."""
    powers = ok(tmp_path, "war-end", _europe_and_colonies())["powers"]
    assert powers[FR]["scores"] == {ST: 8, ME: 7, BA: 6, IN: 5, AF: 3}
    assert powers[PR]["scores"] == {ST: 8, ME: 4, BA: 4, IN: 5, AF: 2}
    assert powers[ES]["scores"] == {ST: 5, ME: 4, BA: 2, IN: 3}
    assert powers[AT]["scores"] == {ME: 4}
    assert {p: v["vp"] for p, v in powers.items()} == {FR: 29, PR: 23, ES: 14, AT: 4}
    assert {p: v["income"] for p, v in powers.items()} == {FR: 14, PR: 11, ES: 6, AT: 2}


def test_G54_a_region_where_nobody_has_markers_scores_nothing(tmp_path: Path) -> None:
    """Baltico: nobody has a marker (Prussia lists it with 0: "at least one" is needed).
    Stati Tedeschi: Francia alone, 8. Prussia scores nothing at all: `scores` is {}."""
    case = snapshot([power(FR, vp=1, markers={ST: 1}), power(PR, vp=2, markers={BA: 0})],
                    [region(ST, True, [8, 5, 3]), region(BA, True, [6, 4, 2])])
    powers = ok(tmp_path, "war-end", case)["powers"]
    assert powers[FR]["scores"] == {ST: 8}
    assert powers[FR]["vp"] == 9  # 1 + 8
    assert powers[PR]["scores"] == {}
    assert powers[PR]["vp"] == 2


def test_G60_no_revolution_before_the_last_war(tmp_path: Path) -> None:
    """Unrest 25 in a war that is not the last: VP only grow (G57): 4 + 8 = 12."""
    case = snapshot([power(FR, unrest=25, vp=4, markers={ST: 1})])
    fr = ok(tmp_path, "war-end", case)["powers"][FR]
    assert (fr["vp"], fr["unrest"]) == (12, 25)
    assert "rank" not in fr and "penalty" not in fr and "revolution" not in fr


def _last_war_penalties() -> dict[str, Any]:
    # No population, units, markers or tiles: income 0, maintenance 0, gold unchanged.
    return snapshot([
        power(FR, unrest=20, vp=30, gold=50),
        power(PR, unrest=19, vp=12),
        power(ES, unrest=19, vp=3),
        power(AT, unrest=5, vp=10),
        power(RU, unrest=2, vp=9),
        power(GB, unrest=0, vp=6),
    ], last_war=True)


def test_G60_twenty_unrest_is_revolution_vp_0_and_penalty_all_vp(tmp_path: Path) -> None:
    """Francia, unrest 20: revolution, VP 30 -> 0, penalty 30, last rank (6 of 6) despite its
    50 gold. Prussia with 19 is not in revolution."""
    powers = ok(tmp_path, "war-end", _last_war_penalties())["powers"]
    fr = powers[FR]
    assert (fr["revolution"], fr["vp"], fr["penalty"], fr["rank"]) == (True, 0, 30, 6)
    assert powers[PR]["revolution"] is False
    assert all(powers[p]["revolution"] is False for p in (PR, ES, AT, RU, GB))


def test_G61_most_unrest_loses_7_and_next_distinct_value_loses_4(tmp_path: Path) -> None:
    """Among the non-revolution powers with unrest > 0 (19, 19, 5, 2): Prussia and Spagna tie at
    the top (19) and both lose 7; the next distinct value is Austria's 5 (not Spagna's place):
    -4; Russia (2) and Gran Bretagna (0) lose nothing. Francia (20) is in revolution, so it
    does not make 19 the "next distinct value".
    Prussia 12 - 7 = 5; Austria 10 - 4 = 6; Russia 9; Gran Bretagna 6.
    Spagna 3 - 7 -> 0 (never below 0); reading: `penalty` is the VP actually lost, 3."""
    powers = ok(tmp_path, "war-end", _last_war_penalties())["powers"]
    assert (powers[PR]["vp"], powers[PR]["penalty"]) == (5, 7)
    assert (powers[ES]["vp"], powers[ES]["penalty"]) == (0, 3)
    assert (powers[AT]["vp"], powers[AT]["penalty"]) == (6, 4)
    assert (powers[RU]["vp"], powers[RU]["penalty"]) == (9, 0)
    assert (powers[GB]["vp"], powers[GB]["penalty"]) == (6, 0)


def test_G62_ranks_after_penalties_with_revolution_last(tmp_path: Path) -> None:
    """VP after penalties: Russia 9, Gran Bretagna 6 (unrest 0), Austria 6 (unrest 5), Prussia
    5, Spagna 0 (unrest 19), Francia in revolution: 1, 2, 3, 4, 5, 6."""
    powers = ok(tmp_path, "war-end", _last_war_penalties())["powers"]
    assert {p: v["rank"] for p, v in powers.items()} == {RU: 1, GB: 2, AT: 3, PR: 4, ES: 5,
                                                          FR: 6}


def test_G61_unrest_0_is_never_penalised_even_as_the_next_value(tmp_path: Path) -> None:
    """Francia (4) is the only power with unrest > 0: -7 -> 10 - 7 = 3. Prussia (0) loses 0."""
    case = snapshot([power(FR, unrest=4, vp=10), power(PR, unrest=0, vp=10)], last_war=True)
    powers = ok(tmp_path, "war-end", case)["powers"]
    assert (powers[FR]["vp"], powers[FR]["penalty"], powers[FR]["rank"]) == (3, 7, 2)
    assert (powers[PR]["vp"], powers[PR]["penalty"], powers[PR]["rank"]) == (10, 0, 1)


def test_G62_ties_go_to_least_unrest_then_most_gold_then_share_a_rank(tmp_path: Path) -> None:
    """No income or maintenance (gold unchanged, +3 population).
    Penalties: Russia (unrest 3, most) 17 - 7 = 10; Austria (1, next) 14 - 4 = 10.
    At 10 VP: Francia and Prussia (unrest 0, gold 6) share 1st; Spagna (unrest 0, gold 2) is 3rd
    (1, 1, 3); Austria (unrest 1) 4th; Russia (unrest 3) 5th; Gran Bretagna 9 VP is 6th despite
    its 100 gold."""
    case = snapshot([
        power(FR, vp=10, gold=6),
        power(PR, vp=10, gold=6),
        power(ES, vp=10, gold=2),
        power(AT, vp=14, unrest=1),
        power(RU, vp=17, unrest=3),
        power(GB, vp=9, gold=100),
    ], last_war=True)
    powers = ok(tmp_path, "war-end", case)["powers"]
    assert {p: v["vp"] for p, v in powers.items()} == {FR: 10, PR: 10, ES: 10, AT: 10, RU: 10,
                                                        GB: 9}
    assert {p: v["penalty"] for p, v in powers.items()} == {FR: 0, PR: 0, ES: 0, AT: 4, RU: 7,
                                                             GB: 0}
    assert {p: v["rank"] for p, v in powers.items()} == {FR: 1, PR: 1, ES: 3, AT: 4, RU: 5,
                                                          GB: 6}


def test_G50_G62_in_order_unrest_taxed_for_maintenance_counts_for_the_penalties(
        tmp_path: Path) -> None:
    """Francia: unrest 18, 0 gold, 4 armies: shortfall 4 -> +2 unrest = 20 -> revolution, VP 20
    -> 0, penalty 20, last.
    Prussia: unrest 1, 0 gold, 3 armies: shortfall 3 -> +2 = 3: the most among the others ->
    10 - 7 = 3.
    Spagna: unrest 2, 1 marker: income 1 -> gold 1; Stati Tedeschi 1st -> 10 + 8 = 18; next
    distinct unrest (2) -> 18 - 4 = 14 (scoring comes before the penalty).
    Ranks: Spagna 14 -> 1, Prussia 3 -> 2, Francia (revolution) -> 3.
    (Penalties on the unrest before taxation would have hit Francia 18 with -7 and Prussia 1
    with nothing.)"""
    case = snapshot([
        power(FR, unrest=18, vp=20, armies=4),
        power(PR, unrest=1, vp=10, armies=3),
        power(ES, unrest=2, vp=10, markers={ST: 1}),
    ], last_war=True)
    powers = ok(tmp_path, "war-end", case)["powers"]
    assert powers[FR] == {
        "income": 0, "maintenance": 4, "taxed_unrest": 2, "gold": 0, "population": 3,
        "unrest": 20, "vp": 0, "scores": {}, "penalty": 20, "revolution": True, "rank": 3,
    }
    assert powers[PR] == {
        "income": 0, "maintenance": 3, "taxed_unrest": 2, "gold": 0, "population": 3,
        "unrest": 3, "vp": 3, "scores": {}, "penalty": 7, "revolution": False, "rank": 2,
    }
    assert powers[ES] == {
        "income": 1, "maintenance": 0, "taxed_unrest": 0, "gold": 1, "population": 3,
        "unrest": 2, "vp": 14, "scores": {ST: 8}, "penalty": 4, "revolution": False, "rank": 1,
    }


def test_G60_scoring_comes_before_revolution_so_penalty_is_all_vp_after_scoring(
        tmp_path: Path) -> None:
    """Francia, unrest 22, VP 5, alone in Stati Tedeschi: 5 + 8 = 13 after scoring; revolution
    takes them all: penalty 13, VP 0. Prussia (unrest 0, 0 VP) ranks 1st, Francia 2nd."""
    case = snapshot([power(FR, unrest=22, vp=5, markers={ST: 1}), power(PR)], last_war=True)
    powers = ok(tmp_path, "war-end", case)["powers"]
    assert (powers[FR]["penalty"], powers[FR]["vp"], powers[FR]["rank"]) == (13, 0, 2)
    assert powers[FR]["scores"] == {ST: 8}
    assert (powers[PR]["penalty"], powers[PR]["vp"], powers[PR]["rank"]) == (0, 0, 1)


def test_war_end_unknown_region_in_markers_is_refused(tmp_path: Path) -> None:
    assert_refused(tmp_path, "war-end", snapshot([power(FR, markers={"Atlantide": 1})]),
                   "“Atlantide” in “powers[0].markers” non è una delle regioni della situazione.")


@pytest.mark.parametrize(
    "field", ["gold", "population", "unrest", "vp", "armies", "fleets", "forts", "tile_income"],
)
def test_G4_war_end_negative_number_is_refused(tmp_path: Path, field: str) -> None:
    assert_refused(tmp_path, "war-end", snapshot([power(FR, **{field: -1})]),
                   f"Il campo “powers[0].{field}” non può essere negativo.")


def test_G4_war_end_negative_marker_count_or_growth_is_refused(tmp_path: Path) -> None:
    assert_refused(tmp_path, "war-end", snapshot([power(FR, markers={ST: -1})]),
                   "Il campo “powers[0].markers.Stati Tedeschi” non può essere negativo.")
    assert_refused(tmp_path, "war-end", snapshot([power(FR)], population_growth=-1),
                   "Il campo “population_growth” non può essere negativo.")


def test_war_end_malformed_json_is_refused_in_one_line(tmp_path: Path) -> None:
    assert_refused(tmp_path, "war-end", '{"last_war": false,\n "regions": [}',
                   "war-end.json non è un JSON valido (riga 2, colonna 14).")
