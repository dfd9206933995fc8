/* Deadlines count down on the page: <span data-deadline="ISO time" data-text-left="… {time}"
 * data-text-over="…">. The server applies the deadline whatever this shows. */
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

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSettle", tick);
})();
