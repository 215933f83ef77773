"""Moving decoded media over NIXL: the ``Frontend`` that decodes into registered memory,
the descriptors it hands out, the ``Reader`` and ``MediaLoader`` that READ them, and the
NIXL plumbing under them. Public names are exported from ``fastmedia``."""
