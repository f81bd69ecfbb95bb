"""HERO damage dice: notation, counting, Damage Classes and the doubling cap.

Notation accepted: ``12d6``, ``1d6-1``, ``1d6+1``, ``½d6``, ``2½d6``, ``2.5d6``,
``2 1/2d6``, ``+1`` (one pip, a 1-DC killing attack), ``0d6``. A Damage Class (DC) is
5 Active Points of attack: 1d6 of Normal damage, a third of 1d6 of Killing damage
(``+1``, ``½d6``/``1d6-1``, ``1d6`` ...), and half of 1d6 for 10-points-per-die powers such
as most NNDs (the seed's DC table note).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..rules.records import record

MAX_DICE = 60
"""A hostile file cannot ask for a million dice: no attack rolls more than this many d6."""

_PATTERN = re.compile(
    r"""^\s*(?:
        (?P<whole>\d+)?\s*(?P<half>½|\.5|\s1/2)?\s*d6\s*(?P<pip>[+-]\s*\d+)?
      | (?P<onlypip>\+\s*\d+)
    )\s*$""",
    re.VERBOSE,
)

#: Active Points per 1d6 by kind of damage (a DC is always 5 AP).
#: Active Points a d6 (rules-powers §3): Mental Blast 10, Mind Control and Mental Illusions 5 (6e's
#: prices, as Foundry's power list has them); Entangle 10, Flash 5 (against the Sight Group, the
#: one a fight sees), Drain 10, Aid 6, Healing 10.
AP_PER_DIE = {"normal": 5, "killing": 15, "nnd": 10, "avld": 10, "mental": 10, "mind_control": 5, "mental_illusions": 5,
              "entangle": 10, "flash": 5, "drain": 10, "aid": 6, "healing": 10}


@record
class DamageDice:
    """A dice expression: ``count`` d6, an optional half die, and a pip (-1, 0 or +N)."""

    count: int = 0
    half: bool = False
    pip: int = 0

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            text = _dice_text(self.count, self.half, self.pip)
            if len(_TEXTS) < 4096:  # a battle names a handful of dice; a hostile file cannot grow this
                _TEXTS[self] = text
        return text

    @property
    def dice_rolled(self) -> int:
        return self.count + (1 if self.half else 0)


#: Each dice expression's notation, looked up by the expression itself: every damage roll names its dice.
_TEXTS: dict[DamageDice, str] = {}


def _dice_text(count: int, half: bool, pip: int) -> str:
    """The notation of a dice expression."""
    if count == 0 and not half:
        return f"{pip:+d}" if pip else "0d6"
    body = (str(count) if count else "") + ("½" if half else "") + "d6"
    return body + (f"{pip:+d}" if pip else "")


def parse_dice(text: str) -> DamageDice:
    """Parse HERO dice notation; raises ``ValueError`` with a short reason."""
    if not isinstance(text, str):
        raise ValueError("dice are written as a string such as \"12d6\" or \"1d6-1\"")
    t = text.replace("1/2", " 1/2").replace("½", "½") if "1/2" in text else text
    m = _PATTERN.match(t)
    if not m:
        raise ValueError("write dice like \"12d6\", \"1d6-1\", \"2½d6\" or \"2.5d6\"")
    if m.group("onlypip"):
        pip = int(m.group("onlypip").replace(" ", ""))
        if pip <= 0:
            raise ValueError("a bare pip must be positive, e.g. \"+1\"")
        return DamageDice(0, False, pip)
    count = int(m.group("whole")) if m.group("whole") else 0
    half = bool(m.group("half"))
    pip = int(m.group("pip").replace(" ", "")) if m.group("pip") else 0
    if m.group("whole") is None and not half:
        count = 1  # "d6" means 1d6
    if count + (1 if half else 0) > MAX_DICE:
        raise ValueError(f"at most {MAX_DICE} dice per attack")
    if half and pip:
        raise ValueError("a half die and a pip cannot be combined")
    if pip < -1:
        raise ValueError("the only negative pip HERO uses is -1")
    if pip > 1 and (count or half):
        raise ValueError("HERO dice take at most one pip (+1); the next step is another half or whole die")
    if pip > 60:
        raise ValueError("a bare pip is at most +60")
    if pip < 0 and count == 0:
        raise ValueError("-1 needs at least one full die")
    return DamageDice(count, half, pip)


def active_points(dice: DamageDice, kind: str) -> Fraction:
    """Active Points of an attack's dice (normal: 5/d6, ½d6 = 3, pip = 2; killing by the DC ladder)."""
    if kind == "killing":
        return Fraction(5 * killing_dc(dice))
    per = AP_PER_DIE[kind]
    ap = Fraction(per * dice.count)
    if dice.half:
        ap += Fraction(per, 2) + (Fraction(1, 2) if per == 5 else 0)  # normal ½d6 costs 3 AP
    ap += Fraction(2 if per == 5 else 3) * dice.pip
    return ap


def damage_classes(dice: DamageDice, kind: str) -> Fraction:
    """DCs of a dice expression: Active Points / 5."""
    return active_points(dice, kind) / 5


def killing_dc(dice: DamageDice) -> int:
    """Killing ladder: 3 DC per d6; +1 pip = +1 DC; ½d6 or the -1 form = +2 DC (1d6-1 is 2 DC)."""
    dc = 3 * dice.count
    if dice.half:
        dc += 2
    if dice.pip == -1:
        dc -= 1
    elif dice.pip > 0:
        dc += dice.pip
    return dc


def killing_dice_for_dc(dc: int, minus_one_form: bool = False) -> DamageDice:
    """The killing dice for a number of DCs: 2 DC = ½d6 (or 1d6-1), 4 DC = 1d6+1, 8 DC = 2½d6."""
    if dc <= 0:
        return DamageDice(0, False, 0)
    whole, rest = divmod(dc, 3)
    if rest == 0:
        return DamageDice(whole)
    if rest == 1:
        return DamageDice(whole, False, 1)
    return DamageDice(whole + 1, False, -1) if minus_one_form else DamageDice(whole, True, 0)


def add_damage_classes(dice: DamageDice, kind: str, added: int, minus_one_form: bool = False) -> DamageDice:
    """Dice after adding whole DCs: +1d6 per DC for Normal, +½d6 for 10-point powers, the ladder for Killing."""
    if added == 0:
        return dice
    if kind == "killing":
        return killing_dice_for_dc(killing_dc(dice) + added, minus_one_form)
    if kind == "normal":
        return DamageDice(max(0, dice.count + added), dice.half, dice.pip)
    # 10 AP per d6: count in half dice.
    halves = 2 * dice.count + (1 if dice.half else 0) + added
    halves = max(0, halves)
    return DamageDice(halves // 2, bool(halves % 2), dice.pip if not halves % 2 else 0)


def str_dice(strength: int) -> DamageDice:
    """Normal damage from STR: 1d6 per 5 STR; a remainder of 3 or 4 adds ½d6 (STR 13 -> 2½d6)."""
    if strength <= 0:
        return DamageDice(0)
    whole, rest = divmod(strength, 5)
    return DamageDice(whole, rest >= 3, 0)


def capped_added_dcs(base_dc: Fraction, wanted: int, cap: bool) -> int:
    """Adding Damage: never more than double the base attack, so added DCs <= base DCs."""
    if not cap:
        return wanted
    limit = int(base_dc)  # whole DCs only
    return max(min(wanted, limit), 0) if wanted >= 0 else wanted


@record
class NormalCount:
    stun: int
    body: int


def count_normal(dice: DamageDice, faces: tuple[int, ...]) -> NormalCount:
    """Normal damage: STUN is the total; BODY per die is 0 on a 1, 1 on 2-5, 2 on a 6.

    A half die counts ceil(face/2) STUN and 1 BODY on a 4-6 (0 on 1-3). A pip adds STUN only.
    ``faces`` lists full dice first, then the half die.
    """
    return NormalCount(*normal_sums(dice, faces))


def normal_sums(dice: DamageDice, faces: tuple[int, ...]) -> tuple[int, int]:
    """:func:`count_normal` as a plain (STUN, BODY) pair, for the attack path."""
    full = faces[: dice.count] if len(faces) > dice.count else faces
    stun = sum(full)
    body = len(full) - full.count(1) + full.count(6)  # 1 BODY a die, none on a 1, 2 on a 6
    if dice.half:
        f = faces[dice.count]
        stun += (f + 1) // 2
        body += 1 if f >= 4 else 0
    stun += dice.pip
    return (stun if stun > 0 else 0), body


def count_killing_body(dice: DamageDice, faces: tuple[int, ...]) -> int:
    """Killing damage: BODY is the total of the dice (half die ceil(face/2), -1 pip never below 0)."""
    body = sum(faces[: dice.count])
    if dice.half:
        body += (faces[dice.count] + 1) // 2
    return max(body + dice.pip, 0)
