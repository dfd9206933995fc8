/* Guerra's live parts: one live fetch per part at a time, and none aborted.
 *
 * live.js rings a part by dispatching "live:<part>" on the body, with the ring's number
 * (detail.rung) in its detail; htmx fetches every element that listens for it. This script
 * stands between the ring and htmx's own hx-sync.
 */
(function () {
  "use strict";

  var fetching = {}; // part element id -> {rung, since}: its live fetch on its way
  var refetch = {}; // part element id -> the ring to fetch it again for, once that fetch is done

  // One live fetch per part at a time, and none aborted (hx-sync "replace" aborts the fetch on
  // its way, which htmx logs as two errors, and a part rung for two reasons in one burst, e.g.
  // "turn" and "board", would abort its own first fetch). A ring heard while the part's fetch is
  // on its way waits for it; the part is then fetched once more, but only if the ring came
  // after that fetch was sent: a fetch sent after the change already shows it.
  // A fetch is done when its request ends, whatever became of its element. The element may be
  // swapped out while its fetch is on its way (a player's own decision answers with the part,
  // e.g. #ally-prompts, while a push re-fetches it): htmx then tells that fetch's end only to the
  // detached element, never to the body, and the part would stay "on its way", every later ring
  // of it waiting for nothing (the next decision prompt never showing).
  var FETCH_STUCK = 20000; // a fetch not done by then no longer holds its part back

  function ringOf(config) {
    var ringing = config && config.triggeringEvent;
    return ringing && /^live:/.test(ringing.type || "") && ringing.detail ? ringing : null;
  }

  document.body.addEventListener("htmx:confirm", function (event) {
    var ringing = ringOf(event.detail);
    var id = event.detail.elt && event.detail.elt.id;
    var current = id && fetching[id];
    if (!ringing || !current || Date.now() - current.since > FETCH_STUCK) return;
    event.preventDefault();
    if ((ringing.detail.rung || 0) > current.rung) refetch[id] = ringing;
  });

  // Loaded after live.js, so registered after its step check: a fetch it called off is not
  // on its way.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (event.defaultPrevented) return;
    var ringing = ringOf(event.detail.requestConfig);
    var id = event.detail.elt && event.detail.elt.id;
    var xhr = event.detail.xhr;
    if (!ringing || !id || !xhr) return;
    var fetch = { rung: ringing.detail.rung || 0, since: Date.now() };
    fetching[id] = fetch;
    // "loadend" comes after htmx's own handling of the answer (its swap included), and also
    // after an error, an abort or a timeout.
    xhr.addEventListener("loadend", function () { fetched(id, fetch); });
  });

  // The answer came (or the fetch failed): the part may be rung again, and is fetched once more
  // if a later ring waited for it. Its element may be a new one by now (same id).
  function fetched(id, fetch) {
    if (fetching[id] !== fetch) return; // a fetch let through once this one was stuck
    delete fetching[id];
    var again = refetch[id];
    delete refetch[id];
    if (again) setTimeout(function () { fetchAgain(id, again); }, 0);
  }

  function fetchAgain(id, ringing) {
    var elt = document.getElementById(id);
    var path = elt && elt.getAttribute("hx-get");
    if (!path || !window.htmx) return;
    var request = window.htmx.ajax("GET", path, { source: elt, event: ringing });
    if (request && request.catch) request.catch(function () { /* live.js tells a failure */ });
  }
})();
