"""What ``slugfest check`` warns about in a HERO scenario: mistakes the schema cannot refuse.

An NND or AVLD names the special defense that stops it, and any name is legal: an attack
against "Power Defense" that no combatant has simply goes through everyone. So a misspelt name
("Life Suport") is no error, but it silently means nobody has the defense. The warning compares
each such name with the special defenses the scenario's sheets give and the usual ones, and
suggests the nearest.
"""

from __future__ import annotations

import difflib
from typing import Any

#: Special defenses 6e sheets commonly carry against NNDs, AVLDs and their kin (rules-powers §2.5).
USUAL = ("Life Support", "Flash Defense", "Mental Defense", "Power Defense", "Force Field", "Hardened",
         "Knockback Resistance", "Resistant Protection", "Damage Negation", "Sight Flash Defense",
         "Hearing Flash Defense")


def special_defense_warnings(scenario: Any) -> list[tuple[str, str]]:
    """(key path, message) for each NND or AVLD whose defense no sheet of the scenario has and
    that is not a usual name, or differs from one only in spelling."""
    given = {name for side in scenario.sides for c in side.combatants for name, _ in c.sheet.special_defenses}
    known = sorted(given | set(USUAL))
    out = []
    for i, side in enumerate(scenario.sides):
        for j, c in enumerate(side.combatants):
            for k, atk in enumerate(c.sheet.attacks):
                if atk.kind not in ("nnd", "avld") or atk.defense in given:
                    continue
                if atk.defense in USUAL:
                    continue  # a usual defense nobody here has: legal, everyone takes it
                close = difflib.get_close_matches(atk.defense, known, n=1, cutoff=0.75)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                out.append((f"sides[{i}].combatants[{j}].attacks[{k}].defense",
                            f"no combatant has a special defense named {atk.defense!r}{hint}; "
                            f"every target will take the whole {atk.kind.upper()}"))
    return out
