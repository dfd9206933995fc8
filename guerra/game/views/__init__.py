"""The HTTP side: thin views (lobby and accounts, play, attacks, the page parts and chats,
reports, how to play), their forms and the URLs."""
