/* The notice of a new private message, on whatever page of the game the player is.
 *
 * live.js rings "live:chat-notice-<seat>" on document.body when a private message from that
 * seat arrives (only the addressee's pages hear it). The page holds one hidden notice per
 * other player (templates/game/_private_notices.html): this shows it, unless the conversation
 * with that player is open on this page (the message is already in sight). Its link opens the
 * conversation: here, where the board's contacts are; else on the board, by its address
 * (#chat-privata-<seat>). The notice stays until dismissed or the conversation is opened.
 */
(function () {
  "use strict";

  var box = document.querySelector("[data-private-notices]");
  var CONVERSATION = /^#chat-privata-(\d+)$/;

  function conversationOpen(seat) {
    return !!document.querySelector('#chat-private-log[data-with="' + seat + '"]');
  }

  function noticeOf(seat) {
    return box && box.querySelector('[data-notice-from="' + seat + '"]');
  }

  // The conversation opened, here, by its contact on the board: true when this page has it.
  function openHere(seat) {
    var contact = document.querySelector('[data-contact="' + seat + '"]');
    if (!contact) return false;
    contact.click();
    var where = document.getElementById("chat-private-box") || contact;
    where.scrollIntoView({ block: "center" });
    return true;
  }

  function dismiss(seat) {
    var notice = noticeOf(seat);
    if (notice) notice.hidden = true;
  }

  if (box) {
    var notices = box.querySelectorAll("[data-notice-from]");
    for (var i = 0; i < notices.length; i++) watch(notices[i]);
  }

  function watch(notice) {
    var seat = notice.dataset.noticeFrom;
    document.body.addEventListener("live:chat-notice-" + seat, function () {
      if (conversationOpen(seat)) return;
      notice.hidden = false;
      box.insertBefore(notice, box.firstChild); // the newest on top
    });
    notice.querySelector("[data-notice-close]").addEventListener("click", function () {
      dismiss(seat);
    });
    notice.querySelector("[data-notice-open]").addEventListener("click", function (event) {
      if (openHere(seat)) {
        event.preventDefault();
        dismiss(seat);
      }
    });
  }

  // A conversation opened (by its contact or by the notice): its notice has been answered.
  document.body.addEventListener("htmx:afterSettle", function () {
    var open = document.querySelector("#chat-private-log[data-with]");
    if (open) dismiss(open.dataset.with);
  });

  // Arriving on the board from a notice of another page: open the conversation it names,
  // once htmx has made the contacts live.
  window.addEventListener("load", function () {
    var match = CONVERSATION.exec(location.hash);
    if (match) openHere(match[1]);
  });
})();
