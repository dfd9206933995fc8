"""The admin's page of a game: what staff may still change once it started, and how it is
saved (only what changed; ending it as the board does)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game import services
from guerra.game.admin.italian import ItalianModelAdmin
from guerra.game.admin.secrets import rules_for_staff
from guerra.game.models import Attack, Game, GameStatus, Seat
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.events import PHASE_LABELS


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    add_another = gettext_lazy("Add another seat")
    extra = 0
    fields = ["power", "user", "gold", "unrest", "vp", "turn_position"]
    raw_id_fields = ["user"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # Once the game has started, a power's gold, unrest, VP and turn are its rules state's,
        # shown here and corrected by the staff tools as a step of the game; who plays it may
        # still change.
        if obj is not None and obj.status != GameStatus.LOBBY:
            return ["power", "gold", "unrest", "vp", "turn_position"]
        return []

    # A started game's seats are its powers in the rules state: none is added or taken away.
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _before_the_start(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _before_the_start(obj) and super().has_delete_permission(request, obj)


def _before_the_start(game: Game | None) -> bool:
    return game is None or game.status == GameStatus.LOBBY


class GameAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """A game's editable columns, checked as the site checks them: a game in progress can be
    ended here (not sent back to waiting for players, which its dice seed forbids), and each
    decision has from 10 seconds to 7 days, as at its creation."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        status = self.fields.get("status")
        if status is not None and self.instance.status == GameStatus.RUNNING:
            status.choices = [  # type: ignore[attr-defined]
                (GameStatus.RUNNING.value, GameStatus.RUNNING.label),
                (GameStatus.FINISHED.value, GameStatus.FINISHED.label),
            ]
            status.error_messages["invalid_choice"] = _(
                "A game in progress cannot go back to waiting for players: here it can only be "
                "ended."
            )
            status.help_text = _(
                "Finished: the game ends now, without a winner, and its dice seed becomes "
                "public, as with “End the game” on its board."
            )

    def clean_deadline_seconds(self) -> int:
        seconds: int = self.cleaned_data["deadline_seconds"]
        if not 10 <= seconds <= 7 * 24 * 3600:
            raise ValidationError(_("Each decision has from 10 seconds to 7 days."))
        return seconds


@admin.register(Game)
class GameAdmin(ItalianModelAdmin):
    the_name = gettext_lazy("the game")
    feminine = True
    form = GameAdminForm
    list_display = ["name", "status", "scenario", "created_by", "created_at", "current_war"]
    list_filter = ["status"]
    search_fields = ["name"]
    inlines = [SeatInline]
    # The combat system is copied into the rules state when the game starts: changing it here
    # afterwards would change nothing but the label, so it is shown, not edited.
    readonly_fields = [
        "procedure",
        # The rules state is the game's truth, and what it shows is kept by its step (pages,
        # board, log): an edit here, behind the step, would be shown stale and then written
        # over by the next step. The staff tools on the board correct it as a step.
        "rules_state",
        "step",
        "phase_shown",
        "current_war",
        "current_round",
        # Set by the start from the scenario's rules, which the rules state keeps: an edit
        # here would be accepted and change nothing.
        "wars",
        "rounds_per_war",
        "control_markers_per_power",
        "invite_token",
        "dice_seed_hash",
        "next_roll",
        "last_event_seq",
        "started_at",
        "ended_at",
    ]
    exclude = ["dice_seed", "rules", "phase"]
    # One order whatever is editable (a read-only field would otherwise go to the end).
    fields = ["name", "scenario", "created_by", "is_private", "status", "deadline_seconds",
              "deadline", *readonly_fields]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = list(self.readonly_fields)
        if obj is not None:
            # The seats hold powers of the scenario, the rules state a copy of it once started.
            fields.append("scenario")
        if obj is None or obj.status != GameStatus.RUNNING:
            # A game waiting for players (a new one too) is started by its creator, the rules
            # drawing its start, and awaits nothing yet; a finished game awaits nothing again.
            fields += ["status", "deadline"]
        if obj is None:
            return fields
        if obj.status == GameStatus.FINISHED:
            fields.append("deadline_seconds")
        return fields

    def save_model(self, request: HttpRequest, obj: Game, form: Any, change: bool) -> None:
        """Only what the form changed is written: the row's other columns belong to the game's
        steps, and one taken since the page was loaded must not be written over. Ending the
        game is the board's own "End the game" (logged, its seed made public, the pages told)."""
        if not change:
            super().save_model(request, obj, form, change)
            return
        columns = {f.name for f in Game._meta.concrete_fields}
        changed = [name for name in form.changed_data if name in columns and name != "status"]
        if changed:
            obj.save(update_fields=changed)
        if "deadline" in changed:
            # The attack under way shows the same deadline on its prompts.
            Attack.objects.filter(game=obj, finished=False, deadline__isnull=False).update(
                deadline=obj.deadline
            )
        if "status" in form.changed_data and obj.status == GameStatus.FINISHED:
            try:
                services.game_end(game_id=obj.pk, user=request.user)  # type: ignore[arg-type]
            except services.GameError as error:
                self.message_user(request, error.message, messages.ERROR)
            obj.refresh_from_db()

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        if formset.model is not Seat or _before_the_start(form.instance):
            super().save_formset(request, form, formset, change)
            return
        # A started game's seat changes only its player (SeatInline): only that column is
        # written, not the gold, unrest and VP read with the page, which a step may have changed.
        formset.new_objects, formset.deleted_objects, formset.changed_objects = [], [], []
        for seat_form in formset.initial_forms:
            if seat_form.has_changed() and "user" in seat_form.changed_data:
                seat_form.instance.save(update_fields=["user"])
                formset.changed_objects.append((seat_form.instance, ["user"]))

    @admin.display(description=gettext_lazy("phase"))
    def phase_shown(self, game: Game) -> str:
        """The phase in words, as the board says it (the column keeps the rules' own name)."""
        label = PHASE_LABELS.get(game.phase)
        return render_rules_message(label) if label is not None else "-"

    @admin.display(description=gettext_lazy("rules state"))
    def rules_state(self, game: Game) -> str:
        """The state indented, in a box of its own height: one line of 18 KB reads as nothing.
        While the game runs, a combat system's secrets (hands of cards) are left out."""
        text = json.dumps(rules_for_staff(game), indent=1, ensure_ascii=False,
                          sort_keys=True)
        return format_html('<pre style="max-height: 30em; overflow: auto; margin: 0">{}</pre>',
                           text)
