"""``python -m cardcore``: the same as the ``cardcore`` command."""

import sys

from .cli import main

sys.exit(main())
