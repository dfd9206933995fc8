"""The project's daphne:
`python -m guerra.runtime.server [daphne's options] guerra.asgi:application`.

This is daphne's own command line (the same options, see `daphne --help`) with one difference:
the largest websocket frame a client may send and the largest message default to the Django
settings DAPHNE_WEBSOCKET_MAX_FRAME_SIZE (4 KiB) and DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE (512 KiB,
which autobahn applies to what the server sends too: a frame of rendered parts) instead of
daphne's 1 MiB. Our clients only ever send a 16-byte ping, so a bigger frame is refused by
autobahn before it is read whole or reaches the application: the connection closes with 1009
(autobahn would drop the TCP connection without a close frame, its `failByDrop` default, which a
client sees as 1006 "abnormal closure"; our Server asks it for the closing handshake instead).

Every daphne the project starts gets the same cap:
- `manage.py runserver` (daphne's runserver) reads those two settings itself;
- the production command line in the README, the browser tests' server, the two-process test
  and the latency bench start `python -m guerra.runtime.server` instead of `daphne`.
Giving --websocket-max-frame-size or --websocket-max-message-size explicitly still wins.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def cli_defaults() -> list[str]:
    """The options put before the user's: the caps from the settings."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
    from django.conf import settings

    return [
        f"--websocket-max-frame-size={settings.DAPHNE_WEBSOCKET_MAX_FRAME_SIZE}",
        f"--websocket-max-message-size={settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE}",
    ]


def server_class() -> type[Any]:
    """Daphne's Server, whose websocket connections fail with a close frame."""
    from autobahn.websocket.protocol import WebSocketProtocol
    from daphne.server import Server as DaphneServer

    class Server(DaphneServer):  # type: ignore[misc]  # daphne has no type hints
        def protocol_connected(self, protocol: Any) -> None:
            super().protocol_connected(protocol)
            if isinstance(protocol, WebSocketProtocol):
                # A websocket's handshake: when autobahn fails this connection (a frame over
                # the cap: 1009; a protocol error: 1002), it says why in a close frame.
                protocol.failByDrop = False  # type: ignore[attr-defined]  # an option

    return Server


def main(argv: list[str] | None = None) -> None:
    from daphne.cli import CommandLineInterface

    args = sys.argv[1:] if argv is None else argv
    cli = CommandLineInterface()
    cli.server_class = server_class()
    # argparse keeps the last value of an option given twice: the user's, after ours.
    cli.run([*cli_defaults(), *args])


if __name__ == "__main__":
    main()
