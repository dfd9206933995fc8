""""finestre": response windows until everyone passes, battle cards (seed 002, fitted to this
board in procedures/finestre.md, rules W1-W16). Importing the package registers it as
"finestre".

Rulings made here beyond finestre.md (each documented where it is implemented):
- W3: the first actor of a window after an announcement (W4, W5, W9a, W9d) is the power that
  announced; W6 the defender, the others as their names say (a: the attacker, d: the defender).
  After the two main powers come the others in turn order, then any committed ally the turn
  order leaves out (commitment order).
- W3 and W1's secrecy: a hand's size is public, its cards are not. A power passes without
  being asked (the call recorded, `asked` False) only when public facts show it can play
  nothing: its hand is empty, or no card of the deck (copies above 0) could be played by it
  now (e.g. a power of no side in a window with no card or announcement yet for a Contrordine
  to answer). Otherwise it is asked, even holding only cards it may not play (its one answer
  is then "pass"), so that nobody learns what a hand lacks; windows of empty hands close at
  once. A Cambio al comando is playable only while its side has an ally with an army
  committed. A case file's `windows` list every call in order, asked or not; calls beyond the
  list pass.
- W4/W5/W9: the announcement is always there (even "no tactic" or no tile), so a Contrordine
  may answer it; W9's announcement is made unasked when the power has no tile it may use.
- W6: a window in which one or more main powers changed counts as one change (the next round
  of windows is W4.2...); after the second such window W6 is skipped.
- W7: the Imboscate of W7a and W7d together: exactly one side with one standing strikes first.
- W13: a neutral loses no unit (it stays or leaves, W16); Schermaglia caps every side's loss
  at 1 (ties included).
- W15: the attacker's losses are taken first, then the defender's; each unit lost is one
  `UnitLost` with 1 unrest. An ally that became the main power loses forts by W15 like the
  first; a former main power, now an ally, loses only armies and fleets.
- W16: L8 as seed 004: the defender's control marker is removed and the attacker's placed only
  when the defender (the main power at the end) had one there; L9 for the attacker's supply.
- Outcomes: "attacker_wins", "tie", "defender_wins" (W13; a first strike decides a tie of the
  totals), and "ended_by_retreat" (W8/W10, an escape of the graph).
- The hands: `Situation.hands` as dealt (W1), `FinestreState.hands` as they change; a card
  played leaves the hand and comes out as `events.CardsPlayed` (the game discards it);
  `seen_by` shows another power's hand as its size only; the events and the windows' calls
  show only the cards played and who was called (which follows from the sizes and the
  public facts). Between attacks the hands live in the game's combat memory (`hands`: dealt
  at each war's start with the game's dice, unplayed cards kept, played ones discarded);
  `from_engagement` takes them from `Engagement.memory`.
"""

from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from guerra.rules.flowchart import register

register(FINESTRE_PROCEDURE)

__all__ = ["FINESTRE_PROCEDURE"]
