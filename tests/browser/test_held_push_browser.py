"""A player's own decision and a push crossing on the page (issue 26).

The decision's answer replaces the prompts part (#ally-prompts, on every page of the game) while
the re-fetch of that part, rung by the decision's own push, is still on its way. That fetch's
answer then lands on the element just swapped out, and htmx tells its end to that element only,
never to the body: static/js/parts.js took the part for still being fetched, and let no later
ring fetch it (20 s), so the next decision prompt did not show. The test holds the two answers so
that they always cross that way (on a busy machine they did about every other run)."""

from __future__ import annotations

from collections.abc import Sequence

from playwright.sync_api import APIResponse, Page, Request, Route, expect

from tests.browser.conftest import new_user, settled
from tests.browser.test_attack_browser import LIVE, declare_from_the_board, live, not_reloaded
from tests.browser.test_attack_browser import start_game as start_war

HELD = 10_000  # ms: how long the test waits for the requests it holds


def wait_until(page: Page, held: Sequence[object], what: str) -> None:
    for _ in range(HELD // 50):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"no {what} within {HELD} ms")


def test_a_decision_prompt_shows_after_ones_own_answer_crossed_the_prompts_refresh(player):
    bruno = player("bruno")  # Gran Bretagna, attacks
    anna = player("anna")  # Francia, defends
    new_user("carla")
    game = start_war()
    board = f"/partite/{game.pk}/"
    live(bruno, board)
    declare_from_the_board(bruno, "Nord America", "Francia")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url("**/attacchi/1/")
    live(bruno, board)
    live(anna, board)
    prompt = bruno.locator("#decision-prompt-1")
    expect(prompt).to_be_visible()

    # The decision's answer is held until the push it caused has sent the prompts' re-fetch;
    # that re-fetch is held until the answer is swapped in.
    answers: list[tuple[Route, APIResponse]] = []
    refetches: list[Route] = []
    holding = [True]

    def hold_answer(route: Route) -> None:
        if holding[0]:
            answers.append((route, route.fetch()))
        else:
            route.continue_()

    def hold_refetch(route: Route, request: Request) -> None:
        if holding[0] and request.method == "GET":
            refetches.append(route)
        else:
            route.continue_()

    bruno.route("**/attacchi/1/decidi/", hold_answer)
    bruno.route("**/inviti/", hold_refetch)
    settled(bruno)
    prompt.locator("button:has-text('Affronta il combattimento navale')").click()
    wait_until(bruno, answers, "decision posted")
    wait_until(bruno, refetches, "re-fetch of the prompts")
    route, answer = answers[0]
    route.fulfill(response=answer)
    expect(prompt).to_have_count(0)  # the answer is in: the attack awaits the defender
    holding[0] = False
    for refetch in refetches:
        refetch.continue_()  # its answer lands on the part the decision's answer replaced

    # The defender accepts the naval battle: the attack awaits the attacker again, and its
    # prompt shows on his board, live (it did not, for 20 s).
    theirs = anna.locator("#decision-prompt-1")
    expect(theirs).to_contain_text("L'attaccante vuole il combattimento navale", timeout=LIVE)
    settled(anna)
    theirs.locator("button:has-text('Accetta il combattimento navale')").click()
    expect(theirs).to_have_count(0, timeout=LIVE)
    expect(prompt).to_be_visible(timeout=LIVE)
    assert not_reloaded(bruno)
