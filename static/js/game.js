/* Small comforts of the game pages, none needed to play:
 * - deadlines count down: <span data-deadline="ISO time" data-text-left="… {time}"
 *   data-text-over="…"> (the server applies the deadline whatever this shows);
 * - a flowchart wider than the screen scrolls sideways to its current box. */
(function () {
  "use strict";

  function format(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
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
