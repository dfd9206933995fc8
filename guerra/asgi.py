"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402

from guerra.runtime.handler import PooledASGIHandler, settle  # noqa: E402

# Django's handler, on a few long-lived threads (guerra/runtime/handler.py says why); with
# GUERRA_POOLED_HANDLER=0, Django's own (what django.core.asgi.get_asgi_application returns,
# once django.setup() has run).
django_asgi_app: ASGIHandler = (
    PooledASGIHandler(settings.GUERRA_REQUEST_THREADS) if settings.GUERRA_POOLED_HANDLER
    else ASGIHandler()
)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from guerra.game.live import bots as computer_players  # noqa: E402
from guerra.game.live import timer as deadlines  # noqa: E402
from guerra.game.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Only pages of our own hosts may open a socket (a cookie-authenticated socket is
        # otherwise open to cross-site hijacking); the session says who the user is.
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Deadlines pass with every browser closed: this server process applies them on its own timer.
deadlines.start()
# So do the computer players: this process answers for those whose time has come.
computer_players.start()

# What the process has made by now lives as long as it does: the collector need not walk it again
# at every full collection (a pause for every request in flight). GUERRA_GC_TUNING=0: Python's
# own collector, untouched.
if settings.GUERRA_GC_TUNING:
    settle()
