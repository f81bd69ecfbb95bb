"""OCV and DCV as ordered modifier chains, following the seed's two checklists.

OCV checklist: 1 base, 2 Combat Skill Levels, 3 weapon/armour, 4 maneuver, 5 combat
modifiers, 6 Range Modifier, 7 other, 8 fractional (halving) modifiers.
DCV checklist: 1 base, 2 Skill Levels, 3 weapon/armour/shield, 4 maneuver, 5 combat
modifiers, 6 other, 7 fractional modifiers.

Each modifier names its source, so the log can show how a CV was built. Additive
modifiers are summed first; fractional ones apply last, in checklist order. Reading chosen
(documented in the README): fractions do not compound. When several halve the same CV
(Stunned and Prone, say), the smallest single factor applies, since the checklists list one
"halve" step, not one per condition; a factor of 0 (Knocked Out) wins over everything.
A halved CV rounds HERO-style, .5 in the character's favour (up). OCV is not floored; DCV never goes below 0.
"""

from __future__ import annotations

from fractions import Fraction

from ..rules.records import record
from .rounding import hero_divide

OCV_STEPS = {
    1: "base OCV", 2: "combat skill levels", 3: "weapon", 4: "maneuver",
    5: "combat modifiers", 6: "range modifier", 7: "other", 8: "fractional",
}
DCV_STEPS = {
    1: "base DCV", 2: "skill levels", 3: "weapon/armor/shield", 4: "maneuver",
    5: "combat modifiers", 6: "other", 7: "fractional",
}
OCV_FRACTION_STEP = 8
HALF = Fraction(1, 2)
DCV_FRACTION_STEP = 7


@record
class Modifier:
    step: int
    source: str
    value: int = 0
    factor: Fraction | None = None

    def text(self) -> str:
        if self.factor is not None:
            return f"x{_frac(self.factor)} {self.source}"
        return f"{self.value:+d} {self.source}"


@record
class CVChain:
    """A built Combat Value: the base, its ordered modifiers and the final value."""

    name: str
    base: int
    modifiers: tuple[Modifier, ...]
    value: int

    def text(self) -> str:
        """``DCV 7 x½ prone x½ Brace (halvings do not stack: x½ once) = 4``: each modifier, and,
        when several fractions apply, the rule :func:`build_cv` follows (only the smallest, once),
        since "x½ prone x½ Brace = 4" from 7 read as a quartering gone wrong."""
        mods = " ".join(m.text() for m in self.modifiers)
        return f"{self.name} {self.base}{(' ' + mods) if mods else ''}{self._one_fraction()} = {self.value}"

    def _one_fraction(self) -> str:
        factors = [m.factor for m in self.modifiers if m.factor is not None]
        if len(factors) < 2:
            return ""
        smallest = min(factors)
        if all(f == smallest for f in factors):
            kind = "halvings" if smallest == HALF else "fractions"
            return f" ({kind} do not stack: x{_frac(smallest)} once)"
        return f" (fractions do not stack: only the smallest, x{_frac(smallest)}, applies)"


def build_cv(name: str, base: int, modifiers: list[Modifier]) -> CVChain:
    """Apply a checklist: additions in step order, then the single smallest fraction."""
    if len(modifiers) > 1:
        ordered = tuple(sorted(modifiers, key=_step))  # stable: same-step mods keep their order
    else:
        ordered = tuple(modifiers)
    total = base
    smallest: Fraction | None = None
    for m in ordered:
        if m.factor is None:
            total += m.value
        elif smallest is None or m.factor < smallest:
            smallest = m.factor
    if smallest is None:
        value = total
    elif smallest == 0:
        value = 0
    else:  # halved (or another fraction), .5 rounding up (in the character's favour)
        value = hero_divide(total * smallest.numerator, smallest.denominator, favour_up=True)
    # OCV is not floored: the seed's formula uses it as it stands, so a long shot at OCV -7
    # needs a 4- against DCV 0, not the 11- an OCV floored at 0 would give. DCV stops at 0
    # (a target cannot be easier to hit than a helpless one).
    return CVChain(name, base, ordered, max(value, 0) if name in ("DCV", "DMCV") else value)


def _step(m: Modifier) -> int:
    return m.step


def _frac(f: Fraction) -> str:
    if f == Fraction(1, 2):
        return "½"
    return str(f)
