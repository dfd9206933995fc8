"""Words in and out: the Italian forms of names (articles and prepositions), the rules'
messages in the player's language, and the one reading of every value a request brings."""
