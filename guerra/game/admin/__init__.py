"""The admin, in Italian: scenarios (with their inline pieces), running games, the records of
play (read-only) and the accounts."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

# Each module registers its models on import.
from guerra.game.admin import accounts, game, records, scenario  # noqa: F401

admin.site.site_header = gettext_lazy("Guerra administration")
admin.site.site_title = gettext_lazy("Guerra administration")
admin.site.index_title = gettext_lazy("What staff can see and change")
