/* Small comforts of the game pages, none needed to play:
 * - deadlines count down: <span data-deadline="ISO time" data-text-left="… {time}"
 *   data-text-over="…">. The server applies the deadline whatever this shows, and pushes the
 *   default it applied; once the time is up, the buttons beside the clock are disabled and,
 *   a moment later, every live part is re-fetched (a page that missed the push catches up:
 *   the server applies a passed deadline before it renders anything);
 * - a flowchart wider than the screen scrolls sideways to its current box. */
(function () {
  "use strict";

  function format(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  var CATCH_UP_MS = 2500; // the server's timer ticks every 2 s
  var caughtUp = {}; // deadlines already over on this page: re-fetch once for each

  function timeIsUp(el) {
    var box = el.closest(".prompt, [hx-get]"); // the decision, or the live part around it
    if (box) {
      var buttons = box.querySelectorAll("button, input[type=submit]");
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    }
    if (caughtUp[el.dataset.deadline]) return;
    caughtUp[el.dataset.deadline] = true;
    setTimeout(function () {
      document.body.dispatchEvent(new CustomEvent("live:all", { detail: { part: "all" } }));
    }, CATCH_UP_MS);
  }

  function tick() {
    var now = Date.now();
    var clocks = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      var left = Math.round((Date.parse(el.dataset.deadline) - now) / 1000);
      el.textContent = left > 0
        ? el.dataset.textLeft.replace("{time}", format(left))
        : el.dataset.textOver;
      el.classList.toggle("urgent", left <= 15);
      if (left <= 0) timeIsUp(el);
    }
  }

  function centreCharts() {
    var charts = document.querySelectorAll(".chart-scroll");
    for (var i = 0; i < charts.length; i++) {
      var box = charts[i].querySelector('[aria-current="step"]');
      if (!box || charts[i].scrollWidth <= charts[i].clientWidth) continue;
      charts[i].scrollLeft = box.offsetLeft + box.offsetWidth / 2 - charts[i].clientWidth / 2;
    }
  }

  function refresh() {
    tick();
    centreCharts();
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
})();
