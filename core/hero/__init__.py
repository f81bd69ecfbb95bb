"""HERO System 6th Edition: pure rules (one module per rule family), the maneuver table and
the Speed Chart turn. :mod:`.system` lists where each part lives.

The maneuver table is imported first: the modules that read it (:mod:`.chains`,
:mod:`.combat`) refer to it by module, and the table's entries are built from them.
"""

from . import maneuvers as maneuvers  # noqa: F401  (the table first: see above)
