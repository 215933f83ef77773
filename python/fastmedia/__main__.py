"""``python -m fastmedia``: see fastmedia.cli."""

import sys

from fastmedia.cli import main

if __name__ == "__main__":
    sys.exit(main())
