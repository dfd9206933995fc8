"""The pages of `seen_latency.py`: a player's browser context, the script that times what its
page does, the notes read back from it, and the actions played on the pages (each from a click
on one player's page until the others' show it, the game set back in the database when needed).

Every moment is taken in the page, as `performance.timeOrigin + performance.now()`: epoch
milliseconds at a high resolution, on one clock for every Chromium page of the machine (and the
server's `time.time()`, which the bench sets beside them). The script notes:
- `click`: a click on the page (capture phase, the event's own time stamp), kept in
  sessionStorage too, since a click may leave the page (a form that navigates);
- `ws`: a websocket frame arriving (before live.js reads it), with its parts and step;
- `ring`: a `live:<part>` event dispatched on the page (live.js's flush, after its 20 ms wait);
- `send`/`done`: an htmx request leaving and its answer handled (its path and verb);
- `beforeswap`/`swap`/`settle`: htmx's beforeSwap (with `same`: the answer is the one this
  page got for that part last time), afterSwap and afterSettle (the element's id);
- `seen`: a watched condition holding, from a MutationObserver (the DOM holds the new state),
  and `painted`: the next animation frame after it (the browser has drawn it).
The server's "push sent" (seen_latency.py) is taken once `group_send` has returned: a page may
hear the frame a moment before.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

TIMEOUT = 15_000  # ms: a state not seen by then fails the bench

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Pages in the background of a headless browser must not be slowed down: each player's
    # page is in front of its own player.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]

INIT_SCRIPT = r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const log = window.__seen = [];
  const note = (k, data) => { log.push(Object.assign({k: k, t: now()}, data || {})); };

  document.addEventListener("click", (e) => {
    const t = performance.timeOrigin + e.timeStamp;
    log.push({k: "click", t: t});
    try { sessionStorage.setItem("seenClick", String(t)); } catch (err) { /* none */ }
  }, true);

  const Native = window.WebSocket;
  function Timed(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", (event) => {
      const t = now();
      let m = null;
      try { m = JSON.parse(event.data); } catch (err) { return; }
      if (m && m.type !== "pong") {
        log.push({k: "ws", t: t, type: m.type, parts: m.parts || [], step: m.step});
      }
    });
    return ws;
  }
  Timed.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach((name) => { Timed[name] = Native[name]; });
  window.WebSocket = Timed;

  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (event.type.startsWith("live:")) note("ring", {part: event.type.slice(5)});
    return dispatch.call(this, event);
  };

  const where = (d) => {
    const c = d.requestConfig || {};
    return {path: c.path || (d.pathInfo && d.pathInfo.requestPath) || "",
            verb: c.verb || "", id: (d.elt && d.elt.id) || ""};
  };
  document.addEventListener("htmx:beforeSend", (e) => note("send", where(e.detail)), true);
  document.addEventListener("htmx:afterRequest", (e) => note("done", where(e.detail)), true);
  const answers = {};  // part id -> its last answer: is a new one any different?
  document.addEventListener("htmx:beforeSwap", (e) => {
    const id = (e.detail.target && e.detail.target.id) || "";
    const text = e.detail.serverResponse || "";
    const same = id in answers && answers[id] === text;
    answers[id] = text;
    note("beforeswap", {id: id, same: same});
  }, true);
  document.addEventListener("htmx:afterSwap", (e) => {
    note("swap", {id: (e.detail.target && e.detail.target.id) || ""});
  }, true);
  document.addEventListener("htmx:afterSettle", (e) => {
    note("settle", {id: (e.detail.target && e.detail.target.id) || ""});
  }, true);

  // Conditions the bench waits for: "step" (the element shows this step or a later one),
  // "text" (the element's text holds this), "present" (the element exists).
  const watches = {};
  const holds = (w) => {
    const el = document.querySelector(w.selector);
    if (!el) return false;
    if (w.kind === "step") return Number(el.getAttribute("data-step")) >= w.arg;
    if (w.kind === "text") return el.textContent.includes(w.arg);
    return true;
  };
  const check = () => {
    for (const id of Object.keys(watches)) {
      if (!holds(watches[id])) continue;
      delete watches[id];
      note("seen", {id: id});
      requestAnimationFrame(() => note("painted", {id: id}));
    }
  };
  window.__seenWatch = (id, kind, selector, arg) => {
    if (document.querySelector(selector) && holds({kind: kind, selector: selector, arg: arg})) {
      note("already", {id: id});
      return false;
    }
    watches[id] = {kind: kind, selector: selector, arg: arg};
    return true;
  };
  window.__seenWaiting = (id) => id in watches;
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
"""


@dataclass
class Player:
    """One player's browser context and open page."""

    name: str
    power: str
    context: BrowserContext
    page: Page


def open_player(browser: Browser, origin: str, name: str, power: str, session: str) -> Player:
    """A context logged in as `name` (the session's cookie), with the timing script."""
    context = browser.new_context(viewport={"width": 1360, "height": 900}, base_url=origin)
    context.add_cookies([{"name": "sessionid", "value": session, "url": origin,
                          "httpOnly": True, "sameSite": "Lax"}])
    context.add_init_script(INIT_SCRIPT)
    return Player(name, power, context, context.new_page())


def live(page: Page, path: str) -> None:
    """Open `path` and wait for its websocket's hello and htmx to be quiet."""
    page.goto(path)
    page.wait_for_selector("[data-live-status][data-state=open]", state="attached")
    quiet(page)
    drain(page)


def quiet(page: Page, timeout: float = 15_000) -> None:
    """htmx has nothing on its way, nor anything swapping or settling."""
    page.wait_for_function(
        "() => !document.querySelector("
        "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
        timeout=timeout,
    )


def watch(page: Page, id: str, kind: str, selector: str, arg: object = None) -> None:
    if not page.evaluate("([i, k, s, a]) => window.__seenWatch(i, k, s, a)",
                         [id, kind, selector, arg]):
        raise RuntimeError(f"{id}: the page showed it before the click")


def wait_seen(page: Page, id: str, timeout: float = 15_000) -> None:
    page.wait_for_function("(i) => !window.__seenWaiting(i)", arg=id, timeout=timeout)


def drain(page: Page) -> list[dict[str, Any]]:
    """What the page noted since the last drain."""
    return list(page.evaluate("() => window.__seen.splice(0)"))


def click_time(page: Page) -> float:
    """The last click's time, kept across the navigation it may have caused."""
    return float(page.evaluate("() => Number(sessionStorage.getItem('seenClick'))"))



# The notes read back.


def first(entries: list[dict[str, Any]], kind: str, after: float, **match: Any) -> float | None:
    times = [e["t"] for e in entries if e["k"] == kind and e["t"] >= after
             and all(e.get(k) == v for k, v in match.items())]
    return min(times) if times else None


def describe(e: dict[str, Any]) -> str | None:
    """A page's note, in words."""
    kind = e["k"]
    if kind == "ws":
        return f"ws frame: {e.get('type')} {','.join(e.get('parts', []))}"
    if kind == "ring":
        return f"live.js ring (flush): live:{e['part']}"
    if kind in ("send", "done"):
        verb = "sent" if kind == "send" else "handled"
        return f"htmx {e['verb'].upper()} {e['path']} {verb} (#{e['id']})"
    if kind in ("swap", "settle"):
        return f"htmx {kind} #{e['id']}"
    return {"seen": "SEEN: the new state is in the page",
            "painted": "painted (next frame)"}.get(kind)

# The game in the database: what the actions need to know, and the attack set back.


def game_step(game_id: int) -> int:
    from guerra.game.models import Game

    return int(Game.objects.values_list("step", flat=True).get(pk=game_id))


def awaited_power(game_id: int) -> str:
    from guerra.game.models import Game
    from guerra.game.models.state import load_state
    from guerra.rules.game.machine import pending

    waiting = pending(load_state(Game.objects.get(pk=game_id)))
    if waiting.kind != "action":
        raise RuntimeError(f"the game awaits {waiting.kind}, not a turn action")
    return str(waiting.powers[0])


class Attacks:
    """Gran Bretagna's attack in Stati Tedeschi, declared again and again from the same board:
    before each, the last one is closed (bench only) and the region and purses put back."""

    REGION = "Stati Tedeschi"

    def __init__(self, game_id: int) -> None:
        from guerra.game.models import Game
        from guerra.game.models.state import load_state

        self.game_id = game_id
        state = load_state(Game.objects.get(pk=game_id))
        self.start = {p.name: state.pieces(p.name, self.REGION) for p in state.powers}
        self.gold = {p.name: p.gold for p in state.powers}

    def reset(self) -> None:
        import dataclasses

        from guerra.game.models import Attack, Game
        from guerra.rules.game.state import GameState, TurnState
        from tests.game.play_helpers import edit_state

        def back(state: GameState) -> GameState:
            state = dataclasses.replace(state, attack=None, turn=TurnState("Gran Bretagna"),
                                        opened_at=state.step + 1)
            for power, start in self.start.items():
                now = state.pieces(power, self.REGION)
                state = state.with_pieces(
                    power, self.REGION, armies=start.armies - now.armies,
                    fleets=start.fleets - now.fleets, forts=start.forts - now.forts,
                    markers=start.markers - now.markers,
                ).with_power(power, gold=self.gold[power])
            return state

        Attack.objects.filter(game_id=self.game_id, finished=False).update(finished=True)
        edit_state(Game.objects.get(pk=self.game_id), back)

    def next_number(self) -> int:
        from guerra.game.models import Attack

        last = Attack.objects.filter(game_id=self.game_id).order_by("-number").first()
        return 1 + (last.number if last is not None else 0)


# The actions, each from a click on one player's page to the state on the others'.


class Table:
    """The server, the game and the players' open pages."""

    def __init__(self, origin: str, game_id: int, players: list[Any]) -> None:
        self.origin = origin
        self.game_id = game_id
        self.players = players
        self.by_name = {p.name: p for p in players}
        self.by_power = {p.power: p for p in players}

    @property
    def board(self) -> str:
        return f"/partite/{self.game_id}/"

    def drain_all(self) -> None:
        for player in self.players:
            drain(player.page)

    def after(self, kind: str, number: int, actor: Any, watchers: list[Any], *, part: str,
              click: float | None = None) -> dict[str, Any]:
        """Once every watcher saw it: let the pages finish what they fetch, read their notes."""
        for watcher in watchers:
            wait_seen(watcher.page, f"{kind}-{number}", TIMEOUT)
        time.sleep(0.15)  # a fetch fired late (parts.js's second fetch) is counted too
        for player in self.players:
            quiet(player.page)
        logs = {p.name: drain(p.page) for p in self.players}
        if click is None:
            click = next(e["t"] for e in logs[actor.name] if e["k"] == "click")
        return {"kind": kind, "number": number, "actor": actor.name, "click": click,
                "watchers": [w.name for w in watchers], "logs": logs, "part": part,
                "end": max(e["t"] for log in logs.values() for e in log)}


def turn_action(table: Table, number: int) -> dict[str, Any]:
    """The awaited player passes an action; every other page's turn panel shows the new step."""
    actor = table.by_power[awaited_power(table.game_id)]
    button = actor.page.locator("#turn-box .action-pass button")
    button.wait_for(state="visible", timeout=TIMEOUT)
    quiet(actor.page)
    step = game_step(table.game_id)
    watchers = [p for p in table.players if p is not actor]
    table.drain_all()
    for watcher in watchers:
        watch(watcher.page, f"turn-{number}", "step", "#turn-box", step + 1)
    button.click()
    return table.after("turn", number, actor, watchers, part="turn-box")


def chat_line(table: Table, number: int) -> dict[str, Any]:
    """A line to one's alliance (A and B in turn, where both allies play); the ally's chat log
    shows it."""
    pairs = [(a, b) for a, b in (("bruno", "carla"), ("anna", "dario"))
             if a in table.by_name and b in table.by_name]
    writer, ally = (table.by_name[n] for n in pairs[number % len(pairs)])
    text = f"Riga n. {number}."
    form = writer.page.locator(".alliance-chat.current form.chat-form")
    form.locator("input[name=text]").fill(text)
    quiet(writer.page)
    table.drain_all()
    chat_log = ".alliance-chat.current [data-chat-log]"
    watch(ally.page, f"chat-{number}", "text", chat_log, text)
    form.locator("button").click()
    part = ally.page.locator(chat_log).get_attribute("id") or ""
    return table.after("chat", number, writer, [ally], part=part)


def ally_prompt(table: Table, number: int, attacks: Attacks) -> dict[str, Any]:
    """Gran Bretagna declares in Stati Tedeschi against Francia, Prussia invited: Prussia's
    board shows the invitation's prompt."""
    attacks.reset()
    attack = attacks.next_number()
    actor, ally = table.by_name["bruno"], table.by_name["carla"]
    page = actor.page
    page.goto(f"/partite/{table.game_id}/attacco/")
    page.wait_for_load_state("load")
    region = page.eval_on_selector(
        "#id_regione", "(s, name) => [...s.options].find(o => o.text.startsWith(name)).value",
        Attacks.REGION)
    page.select_option("#id_regione", region)
    page.locator("#id_obiettivo").wait_for(state="visible")
    quiet(page)
    page.select_option("#id_obiettivo", label="Francia")
    page.locator("table.odds").first.wait_for(state="visible")
    quiet(page)
    table.drain_all()
    watch(ally.page, f"ally-{number}", "present", f"#prompt-{attack}")
    page.locator("button:has-text(\"Dichiara l'attacco\")").click()
    page.wait_for_url(f"**/attacchi/{attack}/")
    return table.after("ally", number, actor, [ally], part="ally-prompts", click=click_time(page))


class Auction:
    """War 1's first call (a pass on the standing proposal), made again and again: before each,
    the game is set back to the proposal (bench only)."""

    def __init__(self, game_id: int) -> None:
        from guerra.game.models import Game
        from tests.game.play_helpers import state_of

        self.game_id = game_id
        self.before = state_of(Game.objects.get(pk=game_id))
        assert self.before.auction is not None and self.before.auction.proposal is not None
        self.caller = str(self.before.auction.awaited)

    def reset(self) -> None:
        import dataclasses

        from guerra.game.models import Game
        from tests.game.play_helpers import edit_state

        edit_state(Game.objects.get(pk=self.game_id),
                   lambda state: dataclasses.replace(self.before, step=state.step))

    def finish(self, plan: list[tuple[str | None, str | None]]) -> None:
        """The auction played to its end through the services (`plan`: the proposals after
        the standing one)."""
        from guerra.game.models import Game
        from tests.game.play_helpers import finish_auction

        finish_auction(Game.objects.get(pk=self.game_id), plan)


def auction_call(table: Table, number: int, auction: Auction) -> dict[str, Any]:
    """The caller passes on the standing proposal; every other page's turn panel shows the new
    step. The caller's page is loaded again after the reset, to show its call."""
    auction.reset()
    actor = table.by_power[auction.caller]
    live(actor.page, table.board)
    button = actor.page.locator("#turn-box form[action$='/asta/passo/'] button")
    button.wait_for(state="visible", timeout=TIMEOUT)
    step = game_step(table.game_id)
    watchers = [p for p in table.players if p is not actor]
    table.drain_all()
    for watcher in watchers:
        watch(watcher.page, f"auction-{number}", "step", "#turn-box", step + 1)
    button.click()
    return table.after("auction", number, actor, watchers, part="turn-box")
