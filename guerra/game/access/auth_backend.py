"""The login backend: Django's own, with the user of every request read by a prepared query.

Every request of a logged-in player reads its user; Django's `ModelBackend.get_user` builds
that query afresh each time, the ORM's compilation costing several times SQLite's own work.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model

from guerra.runtime.prepared import Prepared

_USER = Prepared(lambda pk: get_user_model()._default_manager.filter(pk=pk), int)


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        user = _USER.first(int(user_id))  # the session's pk, as the pk field reads it
        return user if user is not None and self.user_can_authenticate(user) else None
