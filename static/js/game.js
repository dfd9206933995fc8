/* Small comforts of the game pages, none needed to play:
 * - deadlines count down: <span data-deadline="ISO time" data-text-left="… {time}"
 *   data-text-over="…">. The server applies the deadline whatever this shows, and pushes the
 *   default it applied; once the time is up, the buttons beside the clock are disabled and,
 *   a moment later, every live part is re-fetched (a page that missed the push catches up:
 *   the server applies a passed deadline before it renders anything);
 * - a flowchart larger than its frame opens scrolled to its current box;
 * - the flowchart's rule codes hide behind a toggle ("show the rules");
 * - the cells of a wide table that stacks on a phone are named by their column. */
(function () {
  "use strict";

  function format(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  var CATCH_UP_MS = 2500;
  var COLUMN_MARGIN = 16; // (the chart's column width - a box's width) / 2 // the server's timer ticks every 2 s
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

  // The flowchart scrolls (both ways) to its current box, with the box's whole column in view,
  // once for each chart drawn (a chart the player has scrolled since stays where it is).
  function centreCharts() {
    var charts = document.querySelectorAll(".chart-scroll");
    for (var i = 0; i < charts.length; i++) {
      var chart = charts[i];
      var box = chart.querySelector('[aria-current="step"]');
      if (!box || chart.dataset.centred === box.id) continue;
      chart.dataset.centred = box.id;
      var left = box.offsetLeft - Math.max(COLUMN_MARGIN, (chart.clientWidth - box.offsetWidth) / 2);
      var top = box.offsetTop - Math.max(COLUMN_MARGIN, (chart.clientHeight - box.offsetHeight) / 2);
      chart.scrollLeft = Math.max(0, left);
      chart.scrollTop = Math.max(0, top);
    }
  }

  // The rule codes on the flowchart's boxes ("L5", "M2") show only when the player asks;
  // the choice is remembered on this device.
  var RULES_KEY = "guerra.showRules";

  function rulesShown() {
    try { return window.localStorage.getItem(RULES_KEY) === "1"; } catch (e) { return false; }
  }

  function showRules(shown) {
    document.documentElement.classList.toggle("show-rules", shown);
    var toggles = document.querySelectorAll("[data-rules-toggle]");
    for (var i = 0; i < toggles.length; i++) toggles[i].checked = shown;
  }

  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("[data-rules-toggle]")) return;
    try { window.localStorage.setItem(RULES_KEY, event.target.checked ? "1" : "0"); } catch (e) { /* private mode */ }
    showRules(event.target.checked);
  });

  // A wide table stacks on a phone (CSS, table.stack): each cell says its column's name.
  function labelCells() {
    var tables = document.querySelectorAll("table.stack");
    for (var i = 0; i < tables.length; i++) {
      var heads = tables[i].querySelectorAll("thead th");
      var rows = tables[i].querySelectorAll("tbody tr");
      for (var r = 0; r < rows.length; r++) {
        for (var c = 0; c < rows[r].cells.length && c < heads.length; c++) {
          var cell = rows[r].cells[c];
          if (cell.tagName === "TD") cell.setAttribute("data-label", heads[c].textContent.trim());
        }
      }
    }
  }

  function refresh() {
    tick();
    labelCells();
    showRules(rulesShown());
    centreCharts();
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
})();
