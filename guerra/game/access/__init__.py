"""Who may do and see what: which games a user may visit, who hears which event (audiences),
logging in (the auth backend, user names, passwords) and the limits on abuse."""
