"""`python -m guerra.rules resolve|odds CASE.json` (see guerra.rules.cli)."""

import sys

from guerra.rules.cli import main

sys.exit(main())
