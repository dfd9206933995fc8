"""Everything a fresh checkout needs before `runserver`: translations, database, demo users."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from guerra import i18n_tools

DEMO_PASSWORD = "guerra-demo"
DEMO_USERS = ["anna", "bruno", "carla", "dario"]
DEMO_ADMIN = "admin"


class Command(BaseCommand):
    help = "Compile translations, migrate, and (in DEBUG only) create the demo users."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-demo", action="store_true", help="Do not create demo users.")

    def handle(self, *args: Any, **options: Any) -> None:
        for path in i18n_tools.compile_all():
            self.stdout.write(f"compiled {path.relative_to(i18n_tools.BASE_DIR)}")
        call_command("migrate", interactive=False, verbosity=options["verbosity"] - 1)
        if options["no_demo"]:
            return
        if not settings.DEBUG:
            self.stdout.write("DEBUG is off: no demo users are created.")
            return
        User = get_user_model()
        for name in [*DEMO_USERS, DEMO_ADMIN]:
            user, created = User.objects.get_or_create(username=name)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = user.is_superuser = name == DEMO_ADMIN
                user.save()
        self.stdout.write(
            f"Demo users {', '.join(DEMO_USERS)} and {DEMO_ADMIN} (staff), password "
            f"“{DEMO_PASSWORD}”: for local play only."
        )
