"""The project's daphne: `python -m guerra.server [daphne's options] guerra.asgi:application`.

This is daphne's own command line (the same options, see `daphne --help`) with one difference:
the largest websocket frame and message a client may send default to the Django settings
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE and DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE (4 KiB) instead of
daphne's 1 MiB. Our clients only ever send a 16-byte ping, so anything bigger is refused by
autobahn before it is read whole or reaches the application: the connection closes with 1009.

Every daphne the project starts gets the same cap:
- `manage.py runserver` (daphne's runserver) reads those two settings itself;
- the production command line in the README, the browser tests' server, the two-process test
  and the latency bench start `python -m guerra.server` instead of `daphne`.
Giving --websocket-max-frame-size or --websocket-max-message-size explicitly still wins.
"""

from __future__ import annotations

import os
import sys


def cli_defaults() -> list[str]:
    """The options put before the user's: the caps from the settings."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "guerra.settings")
    from django.conf import settings

    return [
        f"--websocket-max-frame-size={settings.DAPHNE_WEBSOCKET_MAX_FRAME_SIZE}",
        f"--websocket-max-message-size={settings.DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE}",
    ]


def main(argv: list[str] | None = None) -> None:
    from daphne.cli import CommandLineInterface

    args = sys.argv[1:] if argv is None else argv
    # argparse keeps the last value of an option given twice: the user's, after ours.
    CommandLineInterface().run([*cli_defaults(), *args])


if __name__ == "__main__":
    main()
