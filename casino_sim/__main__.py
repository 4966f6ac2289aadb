"""``python -m casino_sim`` runs the command line."""

import sys

from casino_sim.cli import main

sys.exit(main())
