"""The records of play, shown to staff and changed by nobody here: a game's board rows, its
event log, its chats, its attacks and dice rolls."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from guerra.game.admin.italian import ItalianModelAdmin
from guerra.game.admin.secrets import attack_state_for_staff
from guerra.game.models import (
    AllianceMembership,
    Attack,
    ChatMessage,
    DiceRoll,
    GameEvent,
    Holding,
    Neutral,
    Region,
    TileHolding,
)


class ProjectionAdmin(ItalianModelAdmin):
    """A game's board rows (its regions, pieces, neutral markers, tiles) are the projection of
    its rules state, the truth, rewritten at every step and read by the pages once a step: the
    admin shows them and corrects nothing behind the game's back (the staff tools on the board
    correct a power's gold and VP as a step of the game). Deleting goes with the game."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Holding)
class HoldingAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the deployment")
    list_display = ["game", "region", "seat", "armies", "fleets", "forts", "control_markers"]
    list_filter = ["game"]
    list_select_related = ["game", "region", "seat"]


@admin.register(Neutral)
class NeutralAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the neutral marker")
    feminine = True
    list_display = ["game", "region", "defence", "reward_kind", "amount", "on_board"]
    list_filter = ["game", "on_board"]


@admin.register(Region)
class RegionAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the region")
    feminine = True
    list_display = ["game", "name", "has_sea", "vp_first", "vp_second", "vp_third"]
    list_filter = ["game"]


@admin.register(TileHolding)
class TileHoldingAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the tile held")
    feminine = True
    list_display = ["game", "seat", "kind", "region", "count"]
    list_filter = ["game"]


@admin.register(AllianceMembership)
class AllianceMembershipAdmin(ProjectionAdmin):
    the_name = gettext_lazy("the alliance membership")
    feminine = True
    list_display = ["game", "war", "seat", "side"]
    list_filter = ["game", "war"]


@admin.register(GameEvent)
class GameEventAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the event")
    list_display = ["game", "seq", "kind", "visibility", "created_at"]
    list_filter = ["game", "kind", "visibility"]
    readonly_fields = [f.name for f in GameEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(ItalianModelAdmin):
    """Staff read every chat, private ones included; nobody edits or deletes what was said."""

    the_name = gettext_lazy("the message")
    list_display = ["created_at", "game", "kind", "war", "side", "sender", "recipient", "text"]
    list_filter = ["game", "kind", "war"]
    list_select_related = ["game", "sender", "recipient"]
    search_fields = ["text"]
    date_hierarchy = "created_at"
    readonly_fields = [f.name for f in ChatMessage._meta.fields]
    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Attack)
class AttackAdmin(ItalianModelAdmin):
    """Attacks are changed only by playing them: staff read them here."""

    the_name = gettext_lazy("the attack")
    list_display = [
        "game",
        "number",
        "region",
        "attacker",
        "defender",
        "node",
        "finished",
        "outcome",
        "deadline",
    ]
    list_filter = ["game", "finished"]
    list_select_related = ["game", "region", "attacker", "defender"]
    # The procedure's state as staff may read it now (`shown_state`), not the raw one.
    exclude = ["state"]
    readonly_fields = [*(f.name for f in Attack._meta.fields if f.name != "state"), "shown_state"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=gettext_lazy("state"))
    def shown_state(self, attack: Attack) -> str:
        """While the game runs, a combat system's secrets (a hand of cards) are left out."""
        text = json.dumps(attack_state_for_staff(attack), indent=1, ensure_ascii=False,
                          sort_keys=True)
        return format_html('<pre style="max-height: 30em; overflow: auto; margin: 0">{}</pre>',
                           text)


@admin.register(DiceRoll)
class DiceRollAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the dice roll")
    list_display = ["game", "number", "face", "attack", "created_at"]
    list_filter = ["game"]
    readonly_fields = [f.name for f in DiceRoll._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
