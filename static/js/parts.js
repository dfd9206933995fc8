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
    if (ringing && id) fetching[id] = { rung: ringing.detail.rung || 0, since: Date.now() };
  });

  // The answer came (or the fetch failed): the part may be rung again, and is fetched once more
  // if a later ring waited for it. Its element may be a new one by now (same id).
  function fetched(detail) {
    var elt = detail.requestConfig && detail.requestConfig.elt;
    var id = elt && elt.id;
    if (!id || !fetching[id]) return;
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

  document.body.addEventListener("htmx:afterRequest", function (event) {
    fetched(event.detail);
  });
})();
