"""`python -m drbot` is the `drbot` command."""

import sys

from drbot.cli import main

sys.exit(main())
