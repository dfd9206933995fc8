"""The type of a JSON value, shared by every `to_dict()`."""

from typing import TypeAlias

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
