"""Everything a fresh checkout needs before `runserver`: translations, database, demo users."""

from typing import Any, cast

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandParser
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, trans_real

from guerra import i18n_tools
from guerra.game.management.base import ItalianCommand
from guerra.rules.i18n import _catalogue

DEMO_PASSWORD = "guerra-demo"
DEMO_USERS = ["anna", "bruno", "carla", "dario"]
DEMO_ADMIN = "admin"


def forget_read_catalogues() -> None:
    """A catalogue read before it was compiled (on a fresh checkout: none) is read again, so the
    lines that follow are Italian too."""
    active = getattr(trans_real._active, "value", None)  # type: ignore[attr-defined]
    trans_real._translations = {}  # type: ignore[attr-defined]
    trans_real._default = None  # type: ignore[attr-defined]
    _catalogue.cache_clear()
    if active is not None:
        translation.activate(translation.get_language())


class Command(ItalianCommand):
    help = cast(
        str,
        gettext_lazy("Compile translations, migrate, and (in DEBUG only) create the demo users."),
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-demo",
            action="store_true",
            help=cast(str, gettext_lazy("Do not create demo users.")),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        compiled = i18n_tools.compile_all()
        if compiled:
            forget_read_catalogues()
        for path in compiled:
            self.stdout.write(
                _("Compiled %(path)s.") % {"path": path.relative_to(i18n_tools.BASE_DIR)}
            )
        call_command("migrate", interactive=False, verbosity=options["verbosity"] - 1)
        self.stdout.write(_("Database up to date."))
        if options["no_demo"]:
            return
        if not settings.DEBUG:
            self.stdout.write(_("DEBUG is off: no demo users are created."))
            return
        User = get_user_model()
        for name in [*DEMO_USERS, DEMO_ADMIN]:
            user, created = User.objects.get_or_create(username=name)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = user.is_superuser = name == DEMO_ADMIN
                user.save()
        self.stdout.write(
            _(
                "Demo users %(users)s and %(admin)s (staff), password “%(password)s”: for local "
                "play only."
            )
            % {"users": ", ".join(DEMO_USERS), "admin": DEMO_ADMIN, "password": DEMO_PASSWORD}
        )
