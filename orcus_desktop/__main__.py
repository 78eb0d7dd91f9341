"""`python -m orcus_desktop`: the same as the `orcus-desktop` command."""

import sys

from orcus_desktop.app import main

sys.exit(main())
