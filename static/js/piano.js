/* "Piano e dadi": comforts of its forms, none needed to play (every form posts as it is and
 * the server checks it again, refusing in Italian what the rules refuse):
 * - the plan builder (form.piano-plan) shows only the steps of the plan, with buttons to add a
 *   control and its deadly engagement, or an engagement, and to remove a step; it checks K3-K4
 *   as the player builds and says what is wrong (its words are the form's data-msg-*);
 * - the assignment (form.piano-assign) marks a die given to two steps (K6);
 * - what the player has chosen in a form and not sent yet survives the form being drawn again
 *   (the other side's answer re-fetches the page's parts while both decide at once): the same
 *   decision's new form takes the choices back.
 * Loaded by the forms themselves (any page of the game may show them): once per page. */
(function () {
  "use strict";
  if (window.pianoForms) return;
  window.pianoForms = true;

  var MAX_STEPS = 6;
  var FORMS = "form.piano-plan, form.piano-reroll, form.piano-assign";
  var kept = {}; // a decision's key -> its fields' values not sent yet

  function key(form) {
    var kind = form.querySelector("input[name=kind]");
    return (form.getAttribute("action") || "") + "|" + (kind ? kind.value : "");
  }

  function keep(form) {
    var values = [];
    form.querySelectorAll("select, input[type=checkbox]").forEach(function (el) {
      values.push([el.name, el.type === "checkbox" ? el.checked : el.value]);
    });
    kept[key(form)] = values;
  }

  function restore(form) {
    var values = kept[key(form)];
    if (!values || form.dataset.restored) return;
    form.dataset.restored = "1";
    values.forEach(function (v) {
      var el = form.querySelector("[name='" + v[0] + "']");
      if (!el) return;
      if (el.type === "checkbox") {
        el.checked = v[1];
      } else if (Array.prototype.some.call(el.options, function (o) { return o.value === v[1]; })) {
        el.value = v[1];
      }
    });
  }

  function rows(form) {
    return Array.prototype.slice.call(form.querySelectorAll(".piano-step"));
  }

  function read(form) {
    var found = [];
    rows(form).forEach(function (row) {
      var step = row.querySelector("select[name^=piano_step_]").value;
      var ch = row.querySelector("select[name^=piano_char_]").value;
      if (step) found.push({ step: step, ch: ch });
    });
    return found;
  }

  function write(form, steps) {
    var fallback = form.dataset.defaultChar || "";
    rows(form).forEach(function (row, i) {
      var step = row.querySelector("select[name^=piano_step_]");
      var ch = row.querySelector("select[name^=piano_char_]");
      var s = steps[i];
      step.value = s ? s.step : "";
      ch.value = s ? s.ch : fallback;
      row.style.display = s ? "flex" : "none";
    });
    check(form, steps);
  }

  // K3-K4, as the rules check them; the first fault in the form's words, or "".
  function fault(form, steps) {
    var msg = form.dataset;
    if (!steps.length || steps[0].step !== "approach") return msg.msgFirst;
    if (steps.length > MAX_STEPS) return msg.msgLong;
    for (var i = 1; i < steps.length; i++) {
      var s = steps[i].step;
      if (s === "approach") return msg.msgFirst;
      if (s === "deadly") {
        if (steps[i - 1].step !== "control") return msg.msgDeadly;
        if (form.dataset.deadly !== "1") return msg.msgFewer;
      }
      if (s === "control" && (i + 1 >= steps.length || steps[i + 1].step !== "deadly")) {
        return msg.msgPair;
      }
      if (s === "engagement" && i !== steps.length - 1) return msg.msgLast;
    }
    return "";
  }

  function check(form, steps) {
    var said = fault(form, steps);
    var out = form.querySelector(".piano-check");
    if (out) {
      out.textContent = said;
      out.hidden = !said;
    }
    var submit = form.querySelector("button.primary");
    if (submit) submit.disabled = !!said;
    var full = steps.length >= MAX_STEPS;
    var last = steps.length && steps[steps.length - 1].step === "engagement";
    form.querySelectorAll("[data-add]").forEach(function (button) {
      var pair = button.dataset.add === "pair";
      button.disabled = pair ? steps.length + 2 > MAX_STEPS : full || last;
    });
  }

  function enhance(form) {
    if (form.dataset.enhanced) return;
    form.dataset.enhanced = "1";
    form.querySelectorAll(".piano-js").forEach(function (el) {
      el.style.display = el.classList.contains("piano-add") ? "flex" : "";
    });
    form.querySelectorAll(".piano-nojs").forEach(function (el) { el.style.display = "none"; });
    write(form, read(form));
  }

  function enhanceAll() {
    document.querySelectorAll(FORMS).forEach(restore);
    document.querySelectorAll("form.piano-plan").forEach(enhance);
    document.querySelectorAll("form.piano-assign").forEach(checkAssign);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("form.piano-plan [data-add], form.piano-plan .piano-remove");
    if (!button) return;
    event.preventDefault();
    var form = button.closest("form");
    var steps = read(form);
    var ch = form.dataset.defaultChar || "";
    if (button.dataset.add) {
      var end = steps.length && steps[steps.length - 1].step === "engagement"
        ? steps.length - 1 : steps.length;
      var added = button.dataset.add === "pair"
        ? [{ step: "control", ch: ch }, { step: "deadly", ch: ch }]
        : [{ step: "engagement", ch: ch }];
      if (button.dataset.add !== "pair") end = steps.length;
      steps.splice.apply(steps, [end, 0].concat(added));
    } else {
      var row = button.closest(".piano-step");
      var index = rows(form).indexOf(row);
      var s = steps[index];
      // A control and its deadly engagement go together (K3).
      if (s && s.step === "control" && steps[index + 1] && steps[index + 1].step === "deadly") {
        steps.splice(index, 2);
      } else if (s && s.step === "deadly" && index > 0 && steps[index - 1].step === "control") {
        steps.splice(index - 1, 2);
      } else {
        steps.splice(index, 1);
      }
    }
    write(form, steps.slice(0, MAX_STEPS));
    keep(form);
    var next = form.querySelector("[data-add]:not([disabled])") || form.querySelector("button.primary");
    if (next && button.isConnected === false) next.focus();
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest("form.piano-plan");
    if (form) write(form, read(form));
    var assign = event.target.closest("form.piano-assign");
    if (assign) checkAssign(assign);
    var any = event.target.closest(FORMS);
    if (any) keep(any);
  });

  // Sent: nothing to take back.
  document.addEventListener("submit", function (event) {
    var form = event.target.closest && event.target.closest(FORMS);
    if (form) delete kept[key(form)];
  }, true);

  // K6: a die on two steps is refused; say so before the post.
  function checkAssign(form) {
    var seen = {};
    var twice = false;
    form.querySelectorAll("select[name^=piano_die_]").forEach(function (select) {
      if (select.value && select.value !== "0") {
        if (seen[select.value]) twice = true;
        seen[select.value] = true;
      }
    });
    var out = form.querySelector(".piano-check");
    if (out) {
      out.textContent = twice ? form.dataset.msgTwice : "";
      out.hidden = !twice;
    }
    var submit = form.querySelector("button.primary");
    if (submit) submit.disabled = twice;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", enhanceAll);
  } else {
    enhanceAll();
  }
  document.addEventListener("htmx:afterSettle", enhanceAll);
}());
