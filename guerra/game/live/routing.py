"""Websocket routes (guerra/asgi.py wraps them in the origin check and the session auth)."""

from django.urls import path, re_path

from guerra.game.live.consumers import GameConsumer, NoRouteConsumer
from guerra.game.live.player_socket import PlayerConsumer

websocket_urlpatterns = [
    path("ws/partite/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/giocatore/", PlayerConsumer.as_asgi()),
    re_path(r"", NoRouteConsumer.as_asgi()),
]
