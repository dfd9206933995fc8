"""The read side: what the pages show, built from the models and the rules state. Nothing here
writes: the board and its map, the phases' panel, attacks, invitations, the negotiation,
the war reports and the log's sentences."""
