/* Guerra's negotiation area (templates/game/_negotiation.html), fetched again whole. */
(function () {
  "use strict";

  // The negotiation area is fetched whole when the alliances may have changed (every "all"
  // ring: a new war, a reconnection). What the player was doing there stays: the words typed to
  // an alliance (into the same war's same alliance only: never shown ready to send to other
  // allies), the open private conversation and the words typed in it, and the focus.
  var kept = null;
  var keptPrivate = null;

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var area = event.detail.target;
    if (!event.detail.shouldSwap || !area || area.id !== "negotiation") return;
    var focused = document.activeElement;
    kept = { area: area, drafts: {}, focus: focused && area.contains(focused) ? focused.id : "" };
    var chats = area.querySelectorAll(".alliance-chat.current");
    for (var i = 0; i < chats.length; i++) {
      var input = chats[i].querySelector("input[name=text]");
      if (input && input.value) kept.drafts[chats[i].dataset.war + "-" + chats[i].dataset.side] = input.value;
    }
    var open = area.querySelector("#chat-private-log[data-with]");
    var words = area.querySelector("#chat-private-text");
    if (open) {
      kept.with = open.dataset.with;
      kept.words = words ? words.value : "";
    }
  });

  document.body.addEventListener("htmx:afterSettle", restoreNegotiation);

  function restoreNegotiation() {
    var area = document.getElementById("negotiation");
    if (kept && area && area !== kept.area) {
      var was = kept;
      kept = null;
      var chats = area.querySelectorAll(".alliance-chat.current");
      for (var i = 0; i < chats.length; i++) {
        var input = chats[i].querySelector("input[name=text]");
        var draft = was.drafts[chats[i].dataset.war + "-" + chats[i].dataset.side];
        if (input && draft && !input.value) input.value = draft;
      }
      var focus = was.focus && document.getElementById(was.focus);
      if (focus && area.contains(focus)) focus.focus();
      var contact = was.with && area.querySelector('[data-contact="' + was.with + '"]');
      if (contact) {
        keptPrivate = was;
        contact.click(); // opens the conversation again (its own fetch)
      }
      return;
    }
    var words = document.querySelector("#chat-private-text");
    var log = document.querySelector("#chat-private-log[data-with]");
    if (keptPrivate && words && log && log.dataset.with === keptPrivate.with) {
      if (keptPrivate.words && !words.value) words.value = keptPrivate.words;
      if (keptPrivate.focus === "chat-private-text") words.focus();
      keptPrivate = null;
    }
  }
})();
