"""Martial Arts from a Hero Designer file (rules-powers §4.3): each strike as a hand-to-hand
attack of the sheet, with its DCs, OCV, DCV and whether its target falls; the maneuvers that
change a basic one (Martial Dodge, Block, Grab, Escape, Disarm, Crush) into the sheet's
``martial_arts``; the Extra DCs bought with them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..dice import MAX_DICE, DamageDice, killing_dice_for_dc
from ..martial import TABLE
from ..sheet import HeroAttack
from .draft import MAX_ATTACKS, Draft, _count, _n, handles
from .reading import Part
from .report import IGNORED, IMPORTED, IN_PART, Entry


_EFFECT_KIND = {"[NORMALDC]": "normal", "[KILLINGDC]": "killing"}


@handles("MANEUVER")
def martial_maneuver(p: Part, d: Draft) -> Entry:
    """A Martial Arts strike (rules-powers §4.3) as a hand-to-hand attack. Hero Designer writes
    each maneuver's OCV, DCV, DCs and effect on it (``EFFECT="[NORMALDC] Strike"``), so a custom
    one reads like a standard one. A normal strike is STR plus its DCs and the Extra DCs bought
    with Martial Arts (``martial_dcs``, added like a Haymaker's); a killing one is its own
    killing dice (Killing Strike: 2 DC, ½d6) plus STR, and the Extra DCs. Maneuvers cost no END
    of their own (only the STR used). Its DCV bonus and "Target Falls" are kept. A maneuver
    that is not a strike but changes a basic one (Martial Dodge, Block, Grab, Escape, Disarm,
    Crush, Choke Hold: :data:`.martial.TABLE`) goes into the sheet's ``martial_arts``. Not
    modelled: other effects (must follow a Block), other non-strikes (custom NND strikes) and
    weapon maneuvers, which are ignored."""
    effect = p.attrs.get("EFFECT", "")
    if effect.startswith("STR ["):  # older files: "STR [NORMALDC] Strike", STR adding to the DCs (no ADDSTR)
        effect = effect[4:]
        p = replace(p, attrs={**p.attrs, "ADDSTR": "Yes"})
    kind = next((k for tag, k in _EFFECT_KIND.items() if effect.startswith(tag)), None)
    shown = p.attrs.get("DISPLAY", "") or effect
    if p.flag("USEWEAPON"):
        return Entry(p.label, "maneuver", IGNORED, why="a weapon maneuver: not modelled yet", combat=True)
    if kind is None:
        known = TABLE.get(p.attrs.get("DISPLAY", "")) or TABLE.get(p.alias)  # the maneuver it is, by either name
        if known is not None and known.changes != "strike":  # Martial Dodge, Block, Grab, Escape...
            if known.name not in d.martial_arts:
                d.martial_arts.append(known.name)
            return Entry(p.label, "maneuver", IMPORTED, into=f"{known.name} (changes {known.changes})", combat=True)
        return Entry(p.label, "maneuver", IGNORED, why=f"not a damage strike ({shown}: {effect}): not modelled yet",
                     combat=True)
    if len(d.attacks) >= MAX_ATTACKS:
        return Entry(p.label, "maneuver", IGNORED, why=f"the engine takes {MAX_ATTACKS} attacks a sheet", combat=True)
    own = _count(p.number("DC"))
    extra = min(d.martial_dcs, 60)
    adds_str = p.flag("ADDSTR")
    if kind == "killing":
        if not own:
            return Entry(p.label, "maneuver", IGNORED, why="a killing maneuver with no damage of its own", combat=True)
        dice, added = killing_dice_for_dc(min(own, 3 * MAX_DICE)), extra
    elif adds_str:
        dice, added = DamageDice(), min(own + extra, 60)
    else:
        if not own + extra:
            return Entry(p.label, "maneuver", IGNORED, why="a strike with no damage (no DCs, no STR)", combat=True)
        dice, added = DamageDice(min(own + extra, MAX_DICE)), 0
    ocv = max(-10, min(10, _n(p.number("OCV"))))
    dcv = _n(p.number("DCV"))
    name = d.attack_name(p.name or p.alias or "Maneuver")
    falls = "target falls" in effect.lower()
    velocity = re.search(r"\+\s*v/(\d+)", effect)  # a Martial Throw's "+v/10": +1 DC per 10 m moved first
    atk = HeroAttack(name=name, kind=kind, dice=dice, hth=True, adds_str=adds_str, ocv=ocv, end=0, martial_dcs=added,
                     dcv=max(-5, min(10, dcv)), falls=falls,
                     velocity_per_dc=max(2, min(100, int(velocity.group(1)))) if velocity else 0)
    d.attacks.append(atk)
    rest = re.sub(r"^\[[A-Z]+DC\]\s*(Strike)?[,\s]*", "", effect).strip()
    rest = re.sub(r"(?i),?\s*target falls", "", rest).strip(" ,")
    rest = re.sub(r"\+\s*v/\d+", "", rest).strip(" ,")
    dropped = [rest.lower()] if rest else []
    into = (f'attack "{name}": {kind} ' + (f"{dice} + " if dice != DamageDice() else "") + ("STR" if adds_str else "")
            + (f" +{added} DC" if added else "") + f", OCV {ocv:+d}" + (f", DCV {dcv:+d}" if dcv else "")
            + (", the target falls" if falls else "")
            + (f", +1 DC per {atk.velocity_per_dc} m moved first" if atk.velocity_per_dc else "") + ", no END of its own")
    return Entry(p.label, "maneuver", IN_PART if dropped else IMPORTED, into=into.replace(" + ,", ","),
                 why="not modelled: " + ", ".join(dropped) if dropped else "", combat=True)


@handles("EXTRADC")
def extra_dcs(p: Part, d: Draft) -> Entry:
    """Extra Damage Classes bought with Martial Arts: added to each martial strike (the importer
    counts them before it reads the maneuvers). Ranged ones wait for ranged martial maneuvers."""
    if "RANGED" in p.alias.upper():
        return Entry(p.label, "maneuver", IGNORED, why="ranged martial DCs: ranged maneuvers are not modelled yet",
                     combat=True)
    return Entry(p.label, "maneuver", IMPORTED, into=f"+{_count(p.levels)} DC on each martial strike", combat=True)
