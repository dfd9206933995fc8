/* Guerra's pushed parts: with a change's doorbells, the server sends this page's seat the parts
 * the change touched, already rendered as this seat sees them (guerra/game/read/fragments.py),
 * and the new lines of its event log. live.js hands each such frame here; the parts are swapped
 * in at once, and the doorbells that follow find them up to date and fetch nothing (the step
 * a part shows, data-step, or the log line it holds, data-line). Anything a frame does not
 * bring, or that cannot be put in, is fetched as before: a frame is never the only way.
 */
(function () {
  "use strict";

  var SHOWN = "guerraShown"; // live.js: the fetched answer a part shows, forgotten on any swap
  // The hash of the pushed part an element shows, but for its step: most changes leave the board
  // as it was, and laying out its 30 kB again cost a page some 40 ms (bench/README.md, "What
  // players see"); the server then sends it without its text.
  var FRAMED = "guerraFramed";

  function token() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  }

  // Rendered without a request, for many, a part's forms carry a stand-in for the CSRF token:
  // the page's own goes in its place (htmx sends it in a header too).
  function withToken(element) {
    var value = token();
    var fields = element.querySelectorAll("input[name=csrfmiddlewaretoken]");
    for (var i = 0; i < fields.length; i++) fields[i].value = value;
  }

  function forget(element) {
    for (var up = element; up; up = up.parentElement) {
      delete up[SHOWN];
      delete up[FRAMED];
    }
  }

  // A swap inside an element (a refused form's message...) makes it show something else.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    for (var up = target; up; up = up.parentElement) delete up[FRAMED];
  });

  // One part: swapped in where the page has it (same id, same URL: the attack page's prompts,
  // which leave out its own attack, are another part), unless the page already shows that step
  // or a later one, or a decision is being sent from inside it (its answer is on its way). A
  // part whose text the page holds already (its hash, `text`) only moves its step on; one sent
  // without its text (the server sent it before) is left to its doorbell's fetch if the page
  // does not hold it. A part `within` a live element (the board's map, its panels) goes by
  // that element's URL and step, which moves on once all its parts in the frame are in.
  // Answers "lacking" when the page does not hold a part sent without its text (the seat is then
  // sent every text again), "in" when the part is the page's now, "" when it is not for it.
  function swapIn(fragment, seat) {
    var holder = document.getElementById(fragment.within || fragment.id);
    if (!holder || holder.getAttribute("hx-get") !== fragment.src || !window.htmx) return "";
    var shown = holder.getAttribute("data-step");
    if (shown !== null && fragment.step <= Number(shown)) return "";
    if (holder.querySelector("form.htmx-request")) return "";
    var target = fragment.within ? holder.querySelector("#" + fragment.id) : holder;
    if (!target) return "lacking";
    if (target[FRAMED] !== fragment.text) {
      if (typeof fragment.html !== "string") return "lacking";
      window.htmx.swap(target, fragment.html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
      target = document.getElementById(fragment.id);
      if (!target) return "";
      forget(target);
      target[FRAMED] = fragment.text;
      withToken(target);
      // One board is rendered for every seat alike: this page's own power is marked here, and
      // taken out of the lists of the others (a gold transfer's recipients).
      var mine = seat && target.querySelector("#power-" + seat);
      if (mine) mine.classList.add("mine");
      var own = seat ? target.querySelectorAll('select[data-others] option[value="' + seat + '"]') : [];
      for (var i = 0; i < own.length; i++) own[i].remove();
    }
    if (!fragment.within) target.setAttribute("data-step", String(fragment.step));
    return "in";
  }

  // The log's new lines, newest on top, each once, the oldest dropped beyond the length it shows
  // (data-shown). A log with no list yet (nothing had happened), or one that reaches that length
  // now (the server then adds its note "only the latest..."), is fetched instead.
  function addLines(lines) {
    var log = document.getElementById("event-log");
    var list = log && log.querySelector("ol.events");
    if (!list || !lines.length) return;
    var fresh = lines.filter(function (line) {
      return !list.querySelector('[data-line="' + line.line + '"]');
    });
    var most = Number(log.getAttribute("data-shown") || 0);
    var had = list.children.length;
    if (!fresh.length || (most && had < most && had + fresh.length >= most)) return;
    for (var i = 0; i < fresh.length; i++) {
      var holder = document.createElement("ol");
      holder.innerHTML = fresh[i].html;
      if (holder.firstElementChild) list.insertBefore(holder.firstElementChild, list.firstChild);
    }
    while (most && list.children.length > most) list.removeChild(list.lastElementChild);
    forget(log);
  }

  // An alliance chat's new line, appended to the chat's log where the page shows it (each line
  // once: a post's own answer may have brought it), marked as the reader's own if it wrote it,
  // and named by its event (data-event): its doorbell then finds it there and fetches nothing.
  function addChat(chat, seat) {
    var log = document.getElementById(chat.log);
    if (!log || log.getAttribute("hx-get") !== chat.src) return;
    var holder = document.createElement("div");
    holder.innerHTML = chat.html;
    var line = holder.firstElementChild;
    if (!line) return;
    var id = line.getAttribute("data-line");
    var there = log.querySelector('[data-line="' + id + '"]');
    if (there) {
      there.setAttribute("data-event", chat.event);
      return;
    }
    line.setAttribute("data-event", chat.event);
    if (seat && line.getAttribute("data-speaker") === String(seat)) line.classList.add("mine");
    var empty = log.querySelector(".empty");
    if (empty) empty.remove();
    log.appendChild(line);
    forget(log);
    log.scrollTop = log.scrollHeight;
  }

  window.guerraFrames = {
    // Answers true when a part came without a text this page holds.
    apply: function (message, seat) {
      var fragments = message.fragments || [];
      var lacking = false;
      var holders = {}; // each element with parts within it: whether every one of them is in
      for (var i = 0; i < fragments.length; i++) {
        var done = swapIn(fragments[i], seat);
        lacking = lacking || done === "lacking";
        var within = fragments[i].within;
        if (within) holders[within] = holders[within] !== false && done === "in";
      }
      for (var id in holders) {
        var holder = holders[id] && document.getElementById(id);
        if (holder) holder.setAttribute("data-step", String(message.step));
      }
      addLines(message.lines || []);
      var chats = message.chats || [];
      for (var j = 0; j < chats.length; j++) addChat(chats[j], seat);
      return lacking;
    }
  };
})();
