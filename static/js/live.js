/* Guerra live updates: the game's websocket rings, htmx re-fetches.
 *
 * A page opts in with a root element carrying data-live-url (the websocket path),
 * data-live-chains (JSON: the last event seq of each chain the page was rendered with) and
 * data-live-stage. Pushes name page parts; for each part this script dispatches the DOM event
 * "live:<part>" on document.body, and parts declare themselves with
 *   hx-trigger="live:<part> from:body, live:all from:body".
 * A push whose "prev" is not the last seq held for its chain means a push was lost: every part
 * is re-fetched ("live:all"). So is everything after a reconnection. The part "page" reloads.
 * The stage ("<status>-<war>-<allied|open>") comes with every hello and push: a new status
 * reloads the page (the game started or ended); a new war or new alliances reconnect the
 * socket, which then hears the new alliance's groups, and re-fetch every part.
 * A push also carries the game's step after its change: a part showing that step or a later
 * one (data-step) is not fetched again. A player's own decision answers with its part: a push
 * for that part waits for the answer, and is then fetched only if the answer is older.
 * Each ring carries its number (detail.rung): parts.js lets a part have one fetch at a time.
 * The server is the truth; nothing here holds game state.
 */
(function () {
  "use strict";

  var root = document.querySelector("[data-live-url]");
  if (!root || !window.WebSocket) return;

  // The server's close codes (guerra/game/live/consumers.py): 4000-4499 mean "not like this": not
  // logged in or not at this table (44xx), or a frame the server refuses (40xx), which this
  // page would send again. The socket stays down: no reconnecting in a loop. Any other close
  // (a drop, a restart, 1009 from the server's frame cap) reconnects with backoff.
  function fatal(code) { return code >= 4000 && code < 4500; }
  // A drop is told within 5 s: the browser's close and "offline" events say it at once; a
  // network that dies in silence is caught by the heartbeat (a ping every 1.5 s; no answer
  // within 3 s counts as a drop). A ping is 16 bytes: cheap enough to send often.
  var PING_EVERY = 1500;
  var PONG_WITHIN = 3000;
  var BACKOFF_MIN = 500;
  var BACKOFF_MAX = 15000;
  // A push for a part that the player's own decision is answering waits for that answer, at
  // most this long (ms).
  var POST_HOLD = 10000;

  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + root.dataset.liveUrl;
  var stage = root.dataset.liveStage;
  var known = JSON.parse(root.dataset.liveChains || "{}");
  var status = document.querySelector("[data-live-status]");

  var socket = null;
  var everOpened = false;
  var paused = false;
  var backoff = BACKOFF_MIN;
  var retryTimer = null;
  var pingTimer = null;
  var pongTimer = null;
  var pending = {};
  var flushTimer = null;
  var unread = {};
  var postingTo = {}; // element id -> when the player's own decision was posted from it
  var rung = 0; // how many rings were dispatched: each ring's number, in its event's detail
  var failedParts = {}; // part element id -> true: its last fetch failed
  var catchUpTimer = null;
  var catchUpWait = BACKOFF_MIN;
  var held = {}; // part -> step: rung while the player's own decision was on its way

  function setState(state) {
    root.dataset.liveState = state;
    showStatus();
  }

  // The status line: the connection's state, or, while the socket is up, one line saying that
  // an update did not arrive (a part's fetch failed) or why a form without an error box of its
  // own was refused.
  var notice = "";
  function showStatus() {
    if (!status) return;
    var state = root.dataset.liveState || "connecting";
    status.dataset.state = state;
    var told = state === "open" && notice;
    if (told) status.setAttribute("data-notice", "");
    else status.removeAttribute("data-notice");
    var text = told ? notice : status.dataset["text" + state.charAt(0).toUpperCase() + state.slice(1)];
    if (text) status.textContent = text;
  }

  // Several pushes in one burst (an action that logs many events) refresh each part once.
  // `step` is the game's step once the pushed change was made (none: fetch in any case): a
  // part that shows that step or a later one (data-step) is not fetched again, e.g. the panel
  // that a player's own decision has just answered with, or one the push's frame brought.
  // `chain` and `seq` name the event that rang: a log that holds its line (data-line) is not
  // fetched again either.
  function ring(parts, step, chain, seq) {
    var wanted = typeof step === "number" ? step : Infinity;
    for (var i = 0; i < parts.length; i++) {
      var ringing = pending[parts[i]] || (pending[parts[i]] = { step: 0, causes: {} });
      ringing.step = Math.max(ringing.step, wanted);
      if (!chain) ringing.causes = null; // rung for no one event: fetched in any case
      else if (ringing.causes) ringing.causes[chain] = Math.max(ringing.causes[chain] || 0, seq);
    }
    if (!flushTimer) flushTimer = setTimeout(flush, 20);
  }

  function flush() {
    flushTimer = null;
    var rings = pending;
    var parts = Object.keys(rings);
    pending = {};
    rung += 1;
    if (parts.indexOf("page") >= 0) {
      location.reload();
      return;
    }
    if (parts.indexOf("all") >= 0) parts = ["all"];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      var elements = partElements(part);
      if (part !== "all" && posting(elements)) {
        // The player's own decision is on its way and will answer with this part: wait for
        // it, then fetch only if its answer is older than the push.
        held[part] = Math.max(held[part] || 0, rings[part].step);
        continue;
      }
      noteUnread(part);
      var detail = { part: part, rung: rung };
      if (part !== "all" && rings[part].step !== Infinity) detail.step = rings[part].step;
      if (part !== "all" && rings[part].causes) detail.causes = rings[part].causes;
      document.body.dispatchEvent(new CustomEvent("live:" + part, { detail: detail }));
    }
  }

  // The elements that declare themselves part `part` (hx-trigger="live:<part> from:body, ...").
  function partElements(part) {
    var found = [];
    var candidates = document.querySelectorAll("[hx-trigger]");
    for (var i = 0; i < candidates.length; i++) {
      var triggers = candidates[i].getAttribute("hx-trigger").split(",");
      for (var j = 0; j < triggers.length; j++) {
        if (triggers[j].trim().split(/\s+/)[0] === "live:" + part) {
          found.push(candidates[i]);
          break;
        }
      }
    }
    return found;
  }

  // An element that shows the step a ring asks for, or a later one, is not fetched again.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    var ringing = config && config.triggeringEvent;
    var step = ringing && ringing.detail && ringing.detail.step;
    if (typeof step !== "number") return;
    var shown = event.detail.elt.getAttribute("data-step");
    if ((shown !== null && Number(shown) >= step) || holdsLines(event.detail.elt, ringing.detail.causes)) {
      event.preventDefault();
    }
  });

  // Whether an element holds the line of each event that rang it (the event log or an alliance's
  // chat, which a frame brought them to).
  function holdsLines(elt, causes) {
    var chains = causes ? Object.keys(causes) : [];
    for (var i = 0; i < chains.length; i++) {
      var name = chains[i] + ":" + causes[chains[i]];
      if (!elt.querySelector('[data-line="' + name + '"], [data-event="' + name + '"]')) return false;
    }
    return chains.length > 0;
  }

  // A part's fetch that failed (an error answer, no network, too slow) keeps what the page
  // shows (htmx swaps no error answer), says so in the status line, and the page catches up
  // on its own: every part is fetched again a moment later, and later again while it fails.
  function partFailed(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "get" || errorTarget(event.detail)) return;
    var id = config.elt && config.elt.id;
    if (id) failedParts[id] = true;
    notice = root.dataset.liveTextStale || "";
    showStatus();
    if (catchUpTimer) return;
    catchUpTimer = setTimeout(function () { catchUpTimer = null; ring(["all"]); }, catchUpWait);
    catchUpWait = Math.min(catchUpWait * 2, BACKOFF_MAX);
  }

  // A part fetched again: once no part that failed is left failing, the notice goes.
  function partFetched(detail) {
    var config = detail.requestConfig;
    var id = config && config.elt && config.elt.id;
    if (!config || config.verb !== "get" || !detail.successful) return;
    if (id) delete failedParts[id];
    var ids = Object.keys(failedParts);
    for (var i = 0; i < ids.length; i++) {
      if (!document.getElementById(ids[i])) delete failedParts[ids[i]]; // gone with its page part
    }
    if (Object.keys(failedParts).length || !notice || catchUpTimer) return;
    notice = "";
    catchUpWait = BACKOFF_MIN;
    showStatus();
  }

  // A refused form with no error box of its own: the server's reason, in the status line.
  function formFailed(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb === "get" || errorTarget(event.detail)) return;
    var reason = null;
    if (refused(event.detail)) {
      var box = document.createElement("div");
      box.innerHTML = event.detail.xhr.responseText || "";
      reason = box.querySelector(".error-box");
    }
    notice = (reason && reason.textContent.trim()) || root.dataset.liveTextFailed || "";
    showStatus();
  }

  ["htmx:responseError", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.body.addEventListener(name, partFailed);
    document.body.addEventListener(name, formFailed);
  });

  function posting(elements) {
    for (var i = 0; i < elements.length; i++) {
      var since = elements[i].id && postingTo[elements[i].id];
      if (since && Date.now() - since < POST_HOLD) return true;
    }
    return false;
  }

  // A decision posted from a part that carries the game's step answers with that part.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var target = postTarget(event.detail);
    if (!target || target.getAttribute("data-step") === null) return;
    postingTo[target.id] = Date.now();
    // Never held for good, even if the answer's events got lost with its form.
    setTimeout(release, POST_HOLD);
  });

  // The element a POST answers into (still the old one once swapped out: its id is kept).
  function postTarget(detail) {
    var config = detail.requestConfig;
    var target = detail.target;
    return config && config.verb === "post" && target && target.id ? target : null;
  }

  // After the answer (reaching the body from the form, or, when the form was swapped out
  // with its part, from the nearest ancestor left): fetch what was held, if still needed.
  function posted(event) {
    var target = postTarget(event.detail);
    if (!target || !postingTo[target.id]) return;
    delete postingTo[target.id];
    setTimeout(release, 0); // after the swap
  }

  function release() {
    var steps = held;
    var parts = Object.keys(steps);
    held = {};
    for (var i = 0; i < parts.length; i++) ring([parts[i]], steps[parts[i]]);
  }

  function statusOf(value) {
    return String(value || "").split("-")[0];
  }

  // True when the page itself must go (reloaded); else the stage is taken as the new one.
  function newStage(value) {
    if (!value || value === stage) return false;
    if (statusOf(value) !== statusOf(stage)) {
      location.reload(); // the game started or ended: another page
      return true;
    }
    stage = value;
    return false;
  }

  function onHello(message) {
    setState("open");
    backoff = BACKOFF_MIN; // only a greeted connection counts as a good one
    var changed = message.stage !== stage;
    if (newStage(message.stage)) return;
    var chains = message.chains || {};
    var differs = everOpened;
    var keys = Object.keys(chains).concat(Object.keys(known));
    for (var i = 0; i < keys.length; i++) {
      if ((chains[keys[i]] || 0) !== (known[keys[i]] || 0)) differs = true;
    }
    known = chains;
    everOpened = true;
    if (differs || changed) ring(["all"]);
  }

  function onPush(message) {
    if (message.stage && message.stage !== stage) {
      // New alliances or a new war: hear the new groups (the hello then re-fetches all).
      if (newStage(message.stage)) return;
      drop();
      backoff = BACKOFF_MIN;
      clearTimeout(retryTimer);
      connect();
      return;
    }
    var last = known[message.chain] || 0;
    if (message.seq <= last) return; // already counted (in the hello, or a duplicate)
    known[message.chain] = message.seq;
    if (message.prev === last) ring(message.parts, message.step, message.chain, message.seq);
    else ring(["all"]);
  }

  // The parts a change touched, rendered for this page's seat (frames.js puts them in): sent
  // ahead of the change's doorbells, which then find nothing left to fetch.
  function onParts(message) {
    if (message.stage !== stage || !window.guerraFrames) return;
    var lacking = window.guerraFrames.apply(message, root.dataset.liveSeat);
    if (lacking && socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"lacks"}');
  }

  function onMessage(event) {
    clearTimeout(pongTimer); // any frame proves the connection alive
    pongTimer = null;
    var message;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (message.type === "hello") onHello(message);
    else if (message.type === "push") onPush(message);
    else if (message.type === "parts") onParts(message);
    else if (message.type === "ring" && Array.isArray(message.parts)) ring(message.parts);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (socket || paused) return;
    setState(everOpened ? "closed" : "connecting");
    var ws = new WebSocket(url);
    socket = ws;
    ws.onopen = function () {
      // "Live" once the server's hello is heard, not before: a socket that opens but carries
      // nothing is no connection. No frame within the pong delay counts as a drop.
      pingTimer = setInterval(ping, PING_EVERY);
      pongTimer = setTimeout(function () { pongTimer = null; drop(); }, PONG_WITHIN);
    };
    ws.onmessage = onMessage;
    ws.onclose = function (event) {
      if (socket === ws) lost(fatal(event.code));
    };
  }

  // A dead network may never deliver a close: no pong in time counts as one.
  function ping() {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send('{"type":"ping"}');
    // Counted from the oldest unanswered ping: later pings do not push the limit back.
    if (!pongTimer) pongTimer = setTimeout(function () { pongTimer = null; drop(); }, PONG_WITHIN);
  }

  function drop() {
    var ws = socket;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onopen = null;
      try { ws.close(); } catch (e) { /* already closed */ }
    }
    lost(false);
  }

  function lost(fatal) {
    socket = null;
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pongTimer = null;
    if (fatal) {
      setState("refused");
      return;
    }
    setState("closed");
    if (paused) return;
    var wait = backoff + Math.random() * backoff / 2;
    backoff = Math.min(backoff * 2, BACKOFF_MAX);
    retryTimer = setTimeout(connect, wait);
  }

  // Private conversations: a message for one that is not open marks its contact as unread.
  function noteUnread(part) {
    var match = /^chat-private-(\d+)$/.exec(part);
    if (match && !document.querySelector('#chat-private-log[data-with="' + match[1] + '"]')) {
      unread[match[1]] = true;
    }
  }

  function markContacts() {
    var open = document.querySelector("#chat-private-log[data-with]");
    if (open) delete unread[open.dataset.with];
    var contacts = document.querySelectorAll("[data-contact]");
    for (var i = 0; i < contacts.length; i++) {
      var seat = contacts[i].dataset.contact;
      contacts[i].classList.toggle("unread", !!unread[seat]);
      contacts[i].classList.toggle("active", !!open && open.dataset.with === seat);
      if (open && open.dataset.with === seat) contacts[i].setAttribute("aria-current", "true");
      else contacts[i].removeAttribute("aria-current");
    }
  }

  function errorTarget(detail) {
    var elt = detail.requestConfig && detail.requestConfig.elt;
    var selector = elt && elt.getAttribute && elt.getAttribute("data-error-target");
    return selector ? { form: elt, box: document.querySelector(selector) } : null;
  }

  function refused(detail) {
    var code = detail.xhr && detail.xhr.status;
    return code >= 400 && code < 500;
  }

  // A refused form (4xx) shows the server's Italian message in its error box. In DEBUG,
  // django-htmx's helper (listening on document) would replace the whole page with it.
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var found = errorTarget(event.detail);
    if (found && found.box && refused(event.detail)) event.stopPropagation();
  });

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var found = errorTarget(event.detail);
    if (found && found.box && refused(event.detail)) {
      event.detail.shouldSwap = true;
      event.detail.target = found.box;
      event.detail.swapOverride = "innerHTML";
      event.detail.selectOverride = "unset";
      return;
    }
    if (event.detail.shouldSwap && (olderThanShown(event.detail) || sameAsShown(event.detail))) {
      event.detail.shouldSwap = false;
    }
  });

  // A part fetched again whose answer is, word for word, the one it shows has nothing new and
  // is not swapped again: most pushes leave the board as it was, and swapping its 29 kB cost a
  // watching page some 40 ms of its main thread, often ahead of the part that did change
  // (bench/README.md, "What players see"). The answer a part shows is kept on its element
  // (SHOWN) after a whole swap of it; a swap anywhere inside or around it forgets it, and an
  // element put in by any other swap is a new one, with none.
  var SHOWN = "guerraShown";

  function sameAsShown(detail) {
    var config = detail.requestConfig;
    var target = detail.target;
    return !!(config && config.verb === "get" && target && typeof target[SHOWN] === "string" &&
              target[SHOWN] === detail.serverResponse);
  }

  function wholeSwap(elt) {
    var how = (elt && elt.getAttribute && elt.getAttribute("hx-swap")) || "innerHTML";
    return /^(outerHTML|innerHTML)\b/.test(how);
  }

  function swapped(event) {
    var detail = event.detail;
    var target = detail.target;
    var id = target && target.id;
    // After an outerHTML swap the target is the element taken out: its successor has its id.
    var shown = (id && document.getElementById(id)) || target;
    for (var up = shown; up; up = up.parentElement) delete up[SHOWN];
    var config = detail.requestConfig;
    if (event.type === "htmx:afterSwap" && shown && shown.id && config && config.verb === "get" &&
        config.elt && config.elt.id === shown.id && wholeSwap(shown) && detail.xhr) {
      shown[SHOWN] = detail.xhr.responseText;
    }
  }

  document.body.addEventListener("htmx:afterSwap", swapped);
  document.body.addEventListener("htmx:oobAfterSwap", swapped);

  // A part that carries the game's step (data-step) never goes back in time: an answer rendered
  // before the step it shows (a form's answer overtaken by a fresher refresh) is dropped.
  function olderThanShown(detail) {
    var target = detail.target;
    var shown = target && target.getAttribute && target.getAttribute("data-step");
    var match = /data-step="(\d+)"/.exec(detail.serverResponse || "");
    return shown !== null && shown !== undefined && match !== null && Number(match[1]) < Number(shown);
  }

  document.body.addEventListener("htmx:afterRequest", function (event) {
    posted(event);
    partFetched(event.detail);
    var found = errorTarget(event.detail);
    if (!found) return;
    if (event.detail.successful) {
      if (found.box) found.box.textContent = "";
      if (found.form.reset) found.form.reset();
      var input = found.form.querySelector("input[name=text]");
      if (input) input.focus();
    } else if (found.box && !refused(event.detail)) {
      found.box.textContent = root.dataset.liveTextFailed || "";
    }
  });

  // A chat log only ever grows: a post or a live refresh asks for the lines after the last one
  // the log holds ("dopo") and appends them; a line that came twice (a post and a refresh
  // crossing) is shown once.
  document.body.addEventListener("htmx:configRequest", function (event) {
    var log = event.detail.target;
    if (!log || !log.hasAttribute || !log.hasAttribute("data-chat-log")) return;
    var lines = log.querySelectorAll("[data-line]");
    event.detail.parameters.dopo = lines.length ? lines[lines.length - 1].getAttribute("data-line") : "0";
  });

  function dropRepeatedLines() {
    var logs = document.querySelectorAll("[data-chat-log]");
    for (var i = 0; i < logs.length; i++) {
      var seen = {};
      var lines = logs[i].querySelectorAll("[data-line]");
      for (var j = 0; j < lines.length; j++) {
        var id = lines[j].getAttribute("data-line");
        if (seen[id]) lines[j].remove(); else seen[id] = true;
      }
    }
  }

  document.body.addEventListener("htmx:afterSettle", function (event) {
    dropRepeatedLines();
    // Only a log the swap touched: reading a height lays the whole page out.
    var swapped = event.target;
    var logs = document.querySelectorAll("[data-scroll-bottom]");
    for (var i = 0; i < logs.length; i++) {
      if (swapped && swapped.contains && !swapped.contains(logs[i]) && !logs[i].contains(swapped)) continue;
      logs[i].scrollTop = logs[i].scrollHeight;
    }
    markContacts();
  });

  window.addEventListener("online", function () { if (!socket) connect(); });
  window.addEventListener("offline", function () { if (socket) drop(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !socket) connect();
  });

  // For tests and for the curious: drop the socket and hold it down, then connect again.
  window.guerraLive = {
    disconnect: function () { paused = true; drop(); },
    connect: function () { paused = false; backoff = BACKOFF_MIN; connect(); },
    chains: function () { return JSON.parse(JSON.stringify(known)); }
  };

  var logs = document.querySelectorAll("[data-scroll-bottom]");
  for (var i = 0; i < logs.length; i++) logs[i].scrollTop = logs[i].scrollHeight;
  connect();
})();
