/* Small comforts of the game pages, none needed to play:
 * - deadlines count down: <span data-deadline="ISO time" data-text-left="… {time}"
 *   data-text-over="…">. The server applies the deadline whatever this shows, and pushes the
 *   default it applied; once the time is up, the buttons beside the clock are disabled and,
 *   a moment later, every live part is re-fetched (a page that missed the push catches up:
 *   the server applies a passed deadline before it renders anything);
 * - a flowchart larger than its frame opens scrolled to its current box;
 * - the flowchart's rule codes hide behind a toggle ("show the rules");
 * - the cells of a wide table that stacks on a phone are named by their column;
 * - the map zooms and pans in its frame (issue 25: a phone reads its pieces at 12 px);
 * - a select whose choice is wider than the select says the whole choice under it. */
(function () {
  "use strict";

  // m:ss, and h:mm:ss from an hour on (a game by correspondence read "mancano 1439:46").
  function format(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor(seconds / 60) % 60;
    var s = seconds % 60;
    var ms = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ms : m + ":" + ms;
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
    // The path as a list (a phone's): it opens at its last box, the boxes before it above.
    var paths = document.querySelectorAll(".chart-path");
    for (var j = 0; j < paths.length; j++) {
      var path = paths[j];
      var step = path.querySelector(".box.current");
      if (!step || path.dataset.centred === "1" || !path.clientHeight) continue;
      path.dataset.centred = "1";
      path.scrollTop = Math.max(0, step.offsetTop + step.offsetHeight + COLUMN_MARGIN - path.clientHeight);
    }
  }

  // The map zooms in its frame, which scrolls to pan. The largest zoom is the one where the
  // smallest piece or number on it reads at READABLE_PX; each "+" doubles the zoom up to it.
  // On a phone (TOUCH) a tap on the map below that size zooms in to it where it lands; on the
  // full-size map, a tap on a region opens its card (its link). The zoom and the place looked
  // at survive the live swaps of the map.
  var READABLE_PX = 12;
  var TOUCH = window.matchMedia("(max-width: 700px), (pointer: coarse)");
  var mapView = { zoom: 1, x: 0.5, y: 0.5 };

  function smallestText(svg) {
    var texts = svg.querySelectorAll(".counters text, .neutral text, .region-vp, .home text");
    var smallest = Infinity;
    for (var i = 0; i < texts.length; i++) {
      var ctm = texts[i].getScreenCTM();
      if (!ctm) continue;
      var size = parseFloat(getComputedStyle(texts[i]).fontSize) * Math.hypot(ctm.a, ctm.b);
      if (size > 0 && size < smallest) smallest = size;
    }
    return smallest;
  }

  function applyZoom(frame, zoom, x, y) {
    var svg = frame.querySelector("svg.map");
    var max = parseFloat(frame.dataset.maxZoom) || 1;
    zoom = Math.min(max, Math.max(1, zoom));
    svg.style.width = (zoom * 100) + "%";
    frame.scrollLeft = x * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = y * frame.scrollHeight - frame.clientHeight / 2;
    mapView = { zoom: zoom, x: x, y: y };
    frame.dataset.zoom = zoom.toFixed(2);
    frame.dataset.tap = TOUCH.matches && zoom < max ? "zoom" : "card";
    var tools = frame.parentNode.querySelector("[data-map-tools]");
    if (tools) {
      tools.querySelector('[data-map-zoom="out"]').disabled = zoom <= 1;
      tools.querySelector('[data-map-zoom="in"]').disabled = zoom >= max;
    }
  }

  function lookedAt(frame) {
    return {
      x: (frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth,
      y: (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight,
    };
  }

  function setUpMaps() {
    var frames = document.querySelectorAll("[data-map-frame]");
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.dataset.ready || !frame.clientWidth) continue;
      frame.dataset.ready = "1";
      var svg = frame.querySelector("svg.map");
      svg.style.width = "100%";
      var smallest = smallestText(svg);
      frame.dataset.maxZoom = isFinite(smallest) ? Math.max(1, READABLE_PX / smallest * 1.01).toFixed(3) : "1";
      var tools = frame.parentNode.querySelector("[data-map-tools]");
      if (tools) tools.hidden = false;
      applyZoom(frame, mapView.zoom, mapView.x, mapView.y);
      frame.addEventListener("scroll", function (event) {
        var at = lookedAt(event.currentTarget);
        mapView.x = at.x;
        mapView.y = at.y;
      }, { passive: true });
    }
  }

  // A turned phone or a resized window: the map's readable size is worked out again.
  function resizeMaps() {
    var frames = document.querySelectorAll("[data-map-frame][data-ready]");
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      var zoom = parseFloat(frame.dataset.zoom) || 1;
      var smallest = smallestText(frame.querySelector("svg.map"));
      if (!isFinite(smallest)) continue;
      frame.dataset.maxZoom = Math.max(1, zoom * READABLE_PX / smallest * 1.01).toFixed(3);
      applyZoom(frame, zoom, mapView.x, mapView.y);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-map-zoom]");
    if (button) {
      var frame = button.closest("[data-map-tools]").parentNode.querySelector("[data-map-frame]");
      var at = lookedAt(frame);
      var zoom = parseFloat(frame.dataset.zoom) || 1;
      var next = button.dataset.mapZoom === "in" ? zoom * 2 : zoom / 2;
      applyZoom(frame, next < 1.2 ? 1 : next, at.x, at.y);
      return;
    }
    var map = event.target.closest && event.target.closest("[data-map-frame]");
    if (!map || map.dataset.tap !== "zoom") return;
    event.preventDefault(); // not the region's card yet: first the map grows where it was tapped
    var box = map.querySelector("svg.map").getBoundingClientRect();
    applyZoom(map, Infinity, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  });

  // A select shows its choice on one line: when the choice is longer than the select is wide
  // (a phone), the whole of it is written under the select.
  var measure = document.createElement("canvas").getContext("2d");

  function wholeChoice(select) {
    var next = select.nextElementSibling;
    var caption = next && next.classList.contains("whole-choice") ? next : null;
    var option = select.options[select.selectedIndex];
    var style = getComputedStyle(select);
    measure.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    var room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    var cut = option && select.clientWidth > 0 && measure.measureText(option.text).width > room;
    if (!cut) {
      if (caption) caption.remove();
      return;
    }
    if (!caption) {
      caption = document.createElement("span");
      caption.className = "whole-choice";
      caption.setAttribute("aria-hidden", "true"); // the select itself says it to a reader
      select.insertAdjacentElement("afterend", caption);
    }
    caption.textContent = option.text;
  }

  function wholeChoices(scope) {
    var selects = scope.querySelectorAll("select:not([multiple])");
    for (var i = 0; i < selects.length; i++) wholeChoice(selects[i]);
  }

  document.addEventListener("change", function (event) {
    if (event.target.tagName === "SELECT") wholeChoice(event.target);
  });

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
  function labelCells(scope) {
    var tables = scope.querySelectorAll("table.stack");
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

  function refresh(scopes) {
    tick();
    for (var i = 0; i < scopes.length; i++) labelCells(scopes[i]);
    showRules(rulesShown());
    centreCharts();
    setUpMaps();
    for (var j = 0; j < scopes.length; j++) wholeChoices(scopes[j]);
  }

  // What a swap put in is seen to before the next frame is drawn, once for all the swaps of a
  // push: measuring a select or a map right after each swap made the browser lay the whole
  // page out again each time (some 50 ms a swap on the board page, bench/README.md).
  var settled = null;

  function refreshSoon(event) {
    var scope = event.target && event.target.querySelectorAll ? event.target : document;
    if (!settled) {
      settled = [];
      requestAnimationFrame(function () {
        var scopes = settled;
        settled = null;
        refresh(scopes.filter(function (s) { return s === document || s.isConnected; }));
      });
    }
    settled.push(scope);
  }

  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", function () { refresh([document]); });
  document.addEventListener("htmx:afterSettle", refreshSoon);
  window.addEventListener("resize", function () {
    wholeChoices(document);
    resizeMaps();
    centreCharts();  // a chart or a path list hidden at load may show now (a phone turned)
  });
})();
