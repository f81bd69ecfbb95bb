"""Import Hero Designer character files (``.hdc``) as Slugfest HERO combatants.

:func:`import_file` reads one file safely (:mod:`.reading`), maps what the engine models
(:mod:`.powers`, :mod:`.modifiers`, Active Points in :mod:`.costs`) and reports every element
as imported, in part or ignored (:mod:`.report`); :mod:`.scenario` puts the characters in a
new scenario or adds them to a side of an existing one.
"""

from .importer import Imported, edition_error, import_file
from .reading import HdcError
from .report import IGNORED, IMPORTED, IN_PART, Entry, Report

__all__ = ["Entry", "HdcError", "IGNORED", "IMPORTED", "IN_PART", "Imported", "Report", "edition_error", "import_file"]
