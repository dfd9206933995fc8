"""Scenarios as files and as rules: reading, checking, exporting and importing them (JSON), the
rules' view of a scenario, and the scenarios shipped with the game (the JSON files here)."""
