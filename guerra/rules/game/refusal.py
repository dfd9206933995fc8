"""A refusal with its code, as the game machine's steps return it (see `Refused.code`)."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.flowchart import RefusalCode
from guerra.rules.i18n import Message


@dataclass(frozen=True)
class Rejected:
    """A refusal with its code (see `Refused.code`)."""

    reason: Message
    code: RefusalCode
