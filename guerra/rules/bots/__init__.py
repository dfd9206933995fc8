"""Computer players: a bot answers whatever the game awaits from its own power, from what that
power may know (`view`), with the inputs a person would send (the machine checks them alike).

- `view`: the game as one power may know it (other hands, secret answers, the order of the
  counters still to draw, masked);
- `levels`: the levels by name ("principiante", "esperto", "stratega") and `make`, a bot of a
  level for one seed; the Principiante is the seeded random player of
  `guerra.rules.game.robot`;
- `expert`: the Esperto, a heuristic player for every combat system (`value` its yardstick,
  `quick` its sketches of attacks, `playout` its trials, `expert_turn`, `expert_auction` and
  `expert_combat` its decisions);
- `strategist`: the Stratega, the Esperto's choices (`candidates`) weighed by seeded
  play-outs to a horizon (`rollout`, every power an Esperto) on games its power may be in
  (`determinize`: the secrets drawn from what it has not seen), within a time budget;
- `match`: a whole game of bots, one per power, with each one's times and fallbacks
  (bench/bots.py measures the levels with it).
"""
