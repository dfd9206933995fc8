"""Every value a request brings, read in one place: whole numbers and free text.

Query strings, form fields, parts of a form value ("power-12") and the services' text all go
through here, so "no 500 on any input" is one rule rather than a habit:

- A number is ASCII digits only, within a range: "²", "①", "١٢", "１２" (which `str.isdigit`
  or `int` accept), "+1", "1e3", "1_000" and a 5000-digit string (which `int` refuses with a
  ValueError) are all refused alike. A leading minus is read only where the range has negatives.
- A text holds no NUL (PostgreSQL refuses it: a 500), no other control character and no lone
  surrogate (neither can be stored or sent as UTF-8); a multi-line text keeps its line breaks
  ("\\r\\n" becomes "\\n") and tabs.

A refusal is a `BadInput` carrying an Italian message: views answer it with a 400 and change
nothing, services turn it into their own GameError, forms into a ValidationError.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

# The largest id a request may name: far beyond any row, and within every database's integer.
MAX_ID = 2**53
# The largest game step a form may carry (a whole game takes a few thousand).
MAX_STEP = 10**6

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# C0 and C1 controls, DEL and the surrogates; the multi-line variant spares \t and \n.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_FORBIDDEN_MULTILINE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


class BadInput(ValueError):
    """A value the page could not have sent, with the Italian sentence that says so."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def whole_number(raw: object, *, name: str, low: int = 0, high: int = MAX_STEP) -> int:
    """`raw` (a string from a request) as a whole number from `low` to `high`."""
    text = raw.strip() if isinstance(raw, str) else ""
    digits = text[1:] if low < 0 and text.startswith("-") else text
    # Length first: `int` refuses (ValueError) a string of more than 4300 digits.
    if not (len(digits) <= 32 and _DIGITS.fullmatch(digits)) or not low <= int(text) <= high:
        raise BadInput(
            _("“%(field)s” must be a whole number from %(low)d to %(high)d.")
            % {"field": name, "low": low, "high": high}
        )
    return int(text)


def number(data: Mapping[str, str], name: str, *, low: int = 0, high: int = MAX_STEP) -> int:
    """The field `name` of a form or query string, as a whole number (see `whole_number`)."""
    return whole_number(data.get(name, ""), name=name, low=low, high=high)


def optional_number(
    data: Mapping[str, str], name: str, *, low: int = 0, high: int = MAX_STEP
) -> int | None:
    """As `number`, but a missing or blank field is None."""
    if not (data.get(name) or "").strip():
        return None
    return number(data, name, low=low, high=high)


def row_id(raw: str) -> int | None:
    """The id of a row named by a request ("12" of "power-12"), or None when it cannot be one:
    the caller answers as for an id that names nothing."""
    try:
        return whole_number(raw, name="id", low=1, high=MAX_ID)
    except BadInput:
        return None


def clean_text(text: str, *, multiline: bool = False) -> str:
    """`text` refused when it holds a control character or a lone surrogate (see above)."""
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    forbidden = _FORBIDDEN_MULTILINE if multiline else _FORBIDDEN
    if forbidden.search(text):
        raise BadInput(_("The text contains characters that are not allowed."))
    return text


def text_field(data: Mapping[str, str], name: str, *, max_length: int = 200) -> str:
    """The one-line text field `name` of a form ("" when missing), refused when too long or
    when it holds control characters."""
    value = data.get(name, "")
    if len(value) > max_length:
        raise BadInput(
            _("“%(field)s” can be at most %(max)d characters long.")
            % {"field": name, "max": max_length}
        )
    return clean_text(value)
