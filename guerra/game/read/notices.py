"""A player's e-mail preferences, as the page "Notifiche" shows them (the defaults when the
player never saved any)."""

from __future__ import annotations

from guerra.game.models import NoticePrefs


def prefs_for(user_id: int) -> NoticePrefs:
    return NoticePrefs.objects.filter(user_id=user_id).first() or NoticePrefs(user_id=user_id)


__all__ = ["prefs_for"]
