"""The whole game around the attack (game-rules.md, G1-G62): pure Python, no Django.

- `scenario`: the scenario as plain values (`ScenarioRules`), copied into every game;
- `state`: `GameState`, immutable, with a JSON round trip (`to_dict`/`from_dict`);
- `machine`: `start_game`, `pending` (who is awaited, for what) and `advance(state, input,
  dice)`, which returns `Accepted(state, events)` or `Refused(reason, state)` as the attack
  engine does; `inputs` lists what players send;
- `phases` (G20, the phase sequence as data), `setup` (G10-G14), `auction` (G21-G27, a
  machine of its own), `rounds` (G28-G29), `actions`, `movement`, `combat` (G30-G39),
  `tiles` (G40, effects as hooks), `money` (G41-G43), `economy` (G50-G53), `scoring`
  (G54-G62); `options` (what a power may do now), `robot` (a seeded random player),
  `commands` (`python -m guerra.rules war-end|auction`).

Rulings where game-rules.md is silent or leaves a choice (the simplest reading that keeps the
game playable):

- Steps. Every accepted input adds one to `GameState.step`. A decision (placement, call,
  action, deadline) must name a step between the opening of the decision and now; a free
  action (taxation, transfer, a tile played) must name the current step exactly, so a
  repeated click is refused. An attack's decisions carry the attack's own step, as before.
- G10/G11: the seating order and the counter pool are shuffled once at setup with the game's
  dice (Fisher-Yates over `dice.below`, verifiable like every roll). War 1's ten counters are
  the first drawn, then the setup draws (G12), then each later war draws from what is left.
  Counters stay on the map from one war to the next until taken.
- G12: a setup counter gives its marker only while the supply has one (21 by default).
- G13: placement goes round the table in seating order, one unit per power at a time, until
  each has placed five; a placement not made in time is an army at home (a fleet when no army
  is left). Fleets may be placed at home (every home has a port).
- G22-G24: a raise bids at least one more than the current bid and may replace the proposal
  with any valid one (two unplaced powers, or the single last one); the opener's bid may be
  0. Bids are not capped by gold: the winner's shortfall is taxed automatically (G42). A
  pass does not bar a later raise; the proposal closes after n-1 passes in a row.
- G26/G42: a payment that cannot wait taxes exactly the missing gold, at one unrest per two
  gold rounded up, and leaves the purse at 0.
- G29: a turn ends when its last action has ended (an attack included); there is no "end
  turn" input. Taxation is free in one's own turn and at one's own call in the auction; gold
  transfers are free for any power at any time of the action rounds; a War Ministry is played
  (free) during its owner's turn and adds one action. A Deadline during a turn passes its
  remaining actions (civil disorder); during an attack it is the attack's timeout.
- G31: only units that were in a place when the Move began may leave it, so each unit moves
  once; the units of one Move are checked in order, so a fleet moved earlier counts at its
  destination for an army carried after it.
- G32: an army goes by sea only from its home or a region with sea; home by sea only from a
  region with sea where its power has a fleet.
- G33: a Move is checked whole, as if every unit arrived, before any storm die is rolled;
  then each unit on an ocean voyage rolls its own die. An army whose fleet sank still arrives.
- G34: the turn waits while its attack is under way, so one attack at a time in the whole
  game (D5 holds by itself). The allies asked are the current war's alliance members with
  armies or fleets in the region, in slot order. The last attack stays in the state (finished)
  until the next one, for the page that shows it.
- G36/G37: a control marker needs one left in the supply. Trade needs a fleet in a region
  marked as trade hub (Africa by default).
- G38: a gold cost the power cannot pay is refused with the taxation it needs (G42); a
  population cost it cannot pay is refused; an unrest cost is simply taken. Alliance tiles
  (cost 0) are taken by the Tile action too.
- G40: Logistics makes a Move three units however many Logistics are held; each Mercenaries
  copy pays one Build per war; each Company tile gives its 3 gold while its owner has a
  marker in its region at income; Government Reform's -3 comes after its own cost.
- G50: income counts the population before this war's growth (G53 comes after).
- G61: the unrest levels are those of the powers not in revolution with unrest above 0;
  a penalty never takes VP below 0.
- G62: ranks are shared on a complete tie and the next rank skips (1, 1, 3); powers in
  revolution rank after all others, among themselves by the same tie-breaks.
- `war-end` command: `last_war` defaults to false, `tile_income` to 0, `population_growth` to
  3; a region's `vp` may list two places (a colony) or three.
"""
