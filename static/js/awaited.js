/* The page waits for the player: the tab says so ("(1) Tocca a te — Guerra" and an icon with a
 * red dot), and, if the player has turned it on, a browser notification says so while the tab
 * is in the background.
 *
 * What awaits the player is what the page shows: on a game's pages the turn panel's "your move"
 * (#turn-box .your-move) or a prompt of an attack (#ally-prompts .prompt); on "Le mie partite"
 * each game marked data-awaits-me. Live updates swap those parts (htmx, frames.js): a
 * MutationObserver sees every swap, whoever made it. Nothing here asks the server anything.
 *
 * Notifications are asked for only when the player presses the button ("Avvisami nel
 * browser"); the choice is kept in localStorage ("guerra-notify"). A notification is shown when
 * the page starts waiting (or waits for one more game), never for what the page already showed
 * when it loaded, and only while the tab is hidden.
 */
(function () {
  "use strict";

  var tools = document.querySelector("[data-awaited-tools]");
  if (!tools) return;
  var KEY = "guerra-notify";
  var AWAITS = "[data-awaits-me], #turn-box .your-move, #ally-prompts .prompt";
  var plainTitle = document.title;
  var icon = document.querySelector('link[rel="icon"]');
  var plainIcon = icon ? icon.getAttribute("href") : null;
  var shown = null; // how many things the page showed awaiting the player (null: not yet read)
  var timer = null;

  function count() {
    var marked = document.querySelectorAll("[data-awaits-me]").length;
    if (marked) return marked;
    return document.querySelector(AWAITS) ? 1 : 0;
  }

  function update() {
    timer = null;
    var n = count();
    if (n === shown) return;
    var before = shown;
    shown = n;
    document.title = n ? tools.dataset.textTitle.replace("{count}", String(n)) : plainTitle;
    if (icon && plainIcon) icon.setAttribute("href", n ? tools.dataset.icon : plainIcon);
    if (before !== null && n > before) notify();
  }

  function later() {
    if (!timer) timer = setTimeout(update, 50);
  }

  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }

  function store(on) {
    try {
      if (on) window.localStorage.setItem(KEY, "1");
      else window.localStorage.removeItem(KEY);
    } catch (e) { /* storage refused: the choice lasts as long as the page */ }
    chosen = on;
  }

  var supported = "Notification" in window;
  var chosen = stored();

  function enabled() {
    return supported && chosen && Notification.permission === "granted";
  }

  function notify() {
    if (!enabled() || document.visibilityState === "visible") return;
    try {
      var note = new Notification(tools.dataset.textNotify, {
        body: tools.dataset.textBody, tag: "guerra-awaited", icon: tools.dataset.icon
      });
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { /* a browser that shows notifications only from a service worker */ }
  }

  var button = tools.querySelector("[data-notify-toggle]");
  var note = tools.querySelector("[data-notify-note]");

  function label(refused) {
    var on = enabled();
    button.textContent = on ? button.dataset.textOff : button.dataset.textOn;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (note) note.textContent = refused ? button.dataset.textDenied : "";
  }

  if (supported && button) {
    tools.hidden = false;
    label(false);
    button.addEventListener("click", function () {
      if (enabled()) {
        store(false);
        label(false);
        return;
      }
      var answered = function (answer) {
        store(answer === "granted");
        label(answer === "denied");
      };
      if (Notification.permission === "granted") {
        answered("granted");
        return;
      }
      var asked = Notification.requestPermission(answered); // old Safari: a callback
      if (asked && asked.then) asked.then(answered);
    });
  }

  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  window.guerraAwaited = { count: count, notify: notify };
  update();
})();
