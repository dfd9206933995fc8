"""Usernames that cannot pass for somebody else's.

Django's UsernameField already folds a new name with NFKC (full-width "ａｎｎａ" is "anna") and
refuses one that differs from an existing name only in case. What it lets through is a name made
of look-alike letters: "аnna" with a Cyrillic а, "0lga" for "olga", "pao1o" for "paolo". Two names
are look-alikes when their skeletons are equal: NFKC, then format characters (zero-width space and
joiners, soft hyphen, BOM) dropped, the letters of other scripts that look Latin mapped to it,
casefold, and the digits that look like letters (0, 1) and the letters that look like each
other once cased (I, l, i) mapped to one. The table is ours, small, of the letters that are
really mistaken for Latin ones; it is not Unicode's confusables.txt.
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model

# Letters of other scripts that look like Latin ones, mapped before casefolding: an uppercase
# and its lowercase may look like different Latin letters (Greek Ν is N, its ν is v).
LOOK_ALIKES = {
    # Cyrillic
    "А": "A", "а": "a", "В": "B", "в": "b", "Е": "E", "е": "e", "Ё": "Ë", "ё": "ë",
    "К": "K", "к": "k", "М": "M", "м": "m", "Н": "H", "н": "h", "О": "O", "о": "o",
    "Р": "P", "р": "p", "С": "C", "с": "c", "Т": "T", "т": "t", "У": "Y", "у": "y",
    "Х": "X", "х": "x", "І": "I", "і": "i", "Ї": "Ï", "ї": "ï", "Ј": "J", "ј": "j",
    "Ѕ": "S", "ѕ": "s", "Ԁ": "D", "ԁ": "d", "Ԛ": "Q", "ԛ": "q", "Ԝ": "W", "ԝ": "w",
    "Һ": "H", "һ": "h", "Ӏ": "I", "ӏ": "l", "Ү": "Y", "ү": "y", "Ь": "b", "Ѵ": "V",
    "ѵ": "v",
    # Greek
    "Α": "A", "α": "a", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "ι": "i",
    "Κ": "K", "κ": "k", "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o", "Ρ": "P",
    "ρ": "p", "Τ": "T", "Υ": "Y", "υ": "u", "Χ": "X", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin letters that look like other Latin letters
    "ı": "i", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y",
}  # fmt: skip

# After casefolding: digits that look like letters, and I/l/i (an uppercase I is an l).
FOLDED_LOOK_ALIKES = {"0": "o", "1": "l", "i": "l", "|": "l"}

_BEFORE = str.maketrans(LOOK_ALIKES)
_AFTER = str.maketrans(FOLDED_LOOK_ALIKES)


def has_control_or_invisible(name: str) -> bool:
    """Control characters (Cc) and invisible format characters (Cf: zero-width space, joiners,
    direction marks, soft hyphen, BOM) have no place in a name one reads."""
    return any(unicodedata.category(char) in {"Cc", "Cf"} for char in name)


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons, names a reader can take one for the other."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(char for char in text if unicodedata.category(char) != "Cf")
    text = text.translate(_BEFORE).casefold()
    return unicodedata.normalize("NFKC", text).translate(_AFTER)


def look_alike_taken(name: str) -> str | None:
    """The existing username that `name` can be mistaken for, if any.

    It reads every username: for the few thousand accounts of a board-game site that is quick,
    and sign-ups are rate-limited; a site with millions would keep the skeleton in a column."""
    wanted = skeleton(name)
    names = get_user_model().objects.values_list("username", flat=True)
    for existing in names.iterator(chunk_size=2000):
        if skeleton(existing) == wanted:
            return str(existing)
    return None
