"""How an attack reads and plays for new players, desktop and phone: the attacker's and the
defender's decisions asked on whatever page they are, with countdown and odds; the Italian of
what the table reads (articles and prepositions included); the winner named; the history
showing the forces as they were. Screenshots of each screen under artifacts/screenshots/."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from guerra.game.models import Attack, Holding
from tests.browser.conftest import new_user, settled
from tests.browser.test_attack_browser import LIVE, declare_from_the_board, live, not_reloaded
from tests.browser.test_attack_browser import start_game as start_war


def answer_whatever_is_asked(pages: dict[str, Page], attack: Attack) -> None:
    """Until the attack is over, the awaited player answers from the prompt on its page (the
    first button: the default choice). The dice may ask the same player again at once (the
    attacker's sea tiles, then, on losing the land battle, its army or its fort): the answer
    then brings a new prompt with the same id, so what goes is the answered step's form."""
    for _ in range(6):
        attack.refresh_from_db()
        if attack.finished:
            return
        page = pages[attack.awaiting[0]]
        prompt = page.locator(f"#decision-prompt-{attack.number}")
        expect(prompt).to_be_visible(timeout=LIVE)
        settled(page)
        step = prompt.locator("input[name=step]").first.get_attribute("value")
        prompt.locator("button.primary").first.click()
        expect(prompt.locator(f"input[name=step][value='{step}']")).to_have_count(0, timeout=LIVE)
    raise AssertionError("the attack did not end")


def test_decisions_are_asked_on_every_page_and_the_attack_reads_in_italian(player, shot):
    bruno = player("bruno")  # Gran Bretagna, desktop
    anna = player("anna", phone=True)  # Francia, on a 390-pixel phone
    new_user("carla")  # Prussia
    game = start_war()
    board, market = f"/partite/{game.pk}/", f"/partite/{game.pk}/mercato/"
    declared = {h.seat.power: (h.armies, h.fleets, h.forts) for h in Holding.objects.filter(
        region__game=game, region__name="Nord America").select_related("seat")}

    live(bruno, board)
    declare_from_the_board(bruno, "Nord America", "Francia")
    shot(bruno, "declare-panel")
    bruno.click('button:has-text("Dichiara l\'attacco (2 ori)")')
    bruno.wait_for_url("**/attacchi/1/")

    # The attacker leaves the attack page: the decision follows it to the board, with its
    # countdown and the odds of both options.
    live(bruno, board)
    prompt = bruno.locator("#decision-prompt-1")
    expect(prompt).to_contain_text("L'attacco n. 1 in Nord America aspetta la tua decisione")
    expect(prompt.locator(".deadline")).to_be_visible()
    expect(prompt.locator("table.odds caption")).to_have_text(
        ["Se combatti in mare", "Se non combatti in mare"])
    shot(bruno, "attacker-prompt-on-the-board")

    # The defender is in the tile market on its phone: the question reaches it there, live.
    live(anna, market)
    expect(anna.locator("#decision-prompt-1")).to_have_count(0)
    settled(bruno)
    prompt.locator("button:has-text('Affronta il combattimento navale')").click()
    theirs = anna.locator("#decision-prompt-1")
    expect(theirs).to_contain_text("L'attaccante vuole il combattimento navale", timeout=LIVE)
    expect(theirs.locator("table.odds caption")).to_have_text(["Se accetti", "Se rifiuti"])
    assert not_reloaded(anna)
    shot(anna, "defender-prompt-in-the-market-phone")

    attack = Attack.objects.get(game=game, number=1)
    answer_whatever_is_asked({"Gran Bretagna": bruno, "Francia": anna}, attack)

    # The result names the winner and its side; the log speaks Italian with articles.
    for page in (bruno, anna):
        page.goto(f"/partite/{game.pk}/attacchi/1/")
    attack.refresh_from_db()
    winner = {"attacker_wins": "vince la Gran Bretagna (attaccante)",
              "defender_wins": "vince la Francia (difensore)", "tie": "pareggio"}[attack.outcome]
    for page in (bruno, anna):
        expect(page.locator(".attack-status")).to_have_text(f"L'attacco è concluso: {winner}.")
    shot(bruno, "attack-over")
    shot(anna, "attack-over-phone")
    bruno.goto(board)
    log = bruno.locator("#event-log")
    # After the attack's number and its colon, the article is lower case.
    expect(log).to_contain_text("Attacco n. 1: la Gran Bretagna vuole il combattimento navale.")
    expect(log).to_contain_text("Attacco n. 1: la Francia accetta il combattimento navale.")
    expect(log).to_contain_text(f"L'attacco è concluso: {winner}.")
    shot(bruno, "board-with-the-log")

    # History: the declaration's box shows the forces as they were then.
    bruno.goto(f"/partite/{game.pk}/attacchi/1/?passo=1")
    rows = bruno.locator("table.forces tbody tr")
    for power, (armies, fleets, forts) in declared.items():
        row = rows.filter(has_text=power).first
        expect(row.locator("td").nth(2)).to_have_text(str(armies))
        expect(row.locator("td").nth(3)).to_have_text(str(fleets))
        expect(row.locator("td").nth(4)).to_have_text(str(forts))
    shot(bruno, "history-at-the-declaration")
