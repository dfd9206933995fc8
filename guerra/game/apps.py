from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _load_default_scenario(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    from guerra.game.scenarios.io import ensure_default_scenario

    if using == "default":
        ensure_default_scenario()


class GameConfig(AppConfig):
    name = "guerra.game"
    label = "game"
    verbose_name = _("Game")

    def ready(self) -> None:
        # After every migrate: an empty database gets the default scenario "Europa 1700".
        post_migrate.connect(_load_default_scenario, sender=self, dispatch_uid="guerra-default")
        # The combat systems of the setting GUERRA_PROCEDURES: their adapters register their
        # rules, which the models' choices name.
        from guerra.game.procedures import load

        load()
        # The parts each seat's page is sent with a change's doorbells (read side -> push).
        from guerra.game.live import push
        from guerra.game.read.fragments import frames

        push.framer = frames
