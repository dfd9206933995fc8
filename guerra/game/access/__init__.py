"""Who may do and see what: which games a user may visit, who hears which event (audiences),
logging in (the auth backend, user names, passwords), the limits on abuse, and `for_the_table`
(table.py): a game's parts are for its seated players and staff."""
