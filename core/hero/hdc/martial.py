"""Martial Arts from a Hero Designer file (rules-powers §4.3): each strike as a hand-to-hand
attack of the sheet, with its DCs, OCV, DCV and whether its target falls; each weapon maneuver
as an attack with each hand-to-hand weapon; the maneuvers that change a basic one (Martial
Dodge, Block, Grab, Escape, Disarm, Crush) into the sheet's ``martial_arts``; the Extra DCs
bought with them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..dice import MAX_DICE, DamageDice, killing_dice_for_dc
from ..martial import TABLE
from ..sheet import HeroAttack
from .draft import MAX_ATTACKS, Draft, WeaponManeuver, _count, _n, handles
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
    modelled: other effects (must follow a Block) and other non-strikes (custom NND strikes),
    which are ignored. A weapon maneuver is read by :func:`_weapon_maneuver`."""
    effect = p.attrs.get("EFFECT", "")
    if effect.startswith("STR ["):  # older files: "STR [NORMALDC] Strike", STR adding to the DCs (no ADDSTR)
        effect = effect[4:]
        p = replace(p, attrs={**p.attrs, "ADDSTR": "Yes"})
    kind = next((k for tag, k in _EFFECT_KIND.items() if effect.startswith(tag)), None)
    shown = p.attrs.get("DISPLAY", "") or effect
    if p.flag("USEWEAPON"):
        return _weapon_maneuver(p, d)
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


def _weapon_maneuver(p: Part, d: Draft) -> Entry:
    """A maneuver bought for use with weapons (``USEWEAPON="Yes"``): a strike whose damage is the
    weapon's (``WEAPONEFFECT="Weapon [WEAPONDC] Strike"``: the weapon plus its DCs; ``[DAMAGE]``:
    the weapon's alone) waits for every attack to be read (:func:`apply_weapon_maneuvers`); a
    ranged one or one that is not a strike (a Parry's Block) is not modelled."""
    effect = p.attrs.get("WEAPONEFFECT", "") or p.attrs.get("EFFECT", "")
    strike = "[WEAPONDC]" in effect or "[DAMAGE]" in effect or "[NORMALDC]" in effect or "[KILLINGDC]" in effect
    if p.attrs.get("CATEGORY", "").lower() == "ranged" or p.number("RANGE"):
        return Entry(p.label, "maneuver", IGNORED, why="a ranged weapon maneuver: not modelled yet", combat=True)
    if not strike:
        return Entry(p.label, "maneuver", IGNORED, why=f"a weapon maneuver that is not a strike ({effect}): not "
                     "modelled yet", combat=True)
    entry = Entry(p.label, "maneuver", IMPORTED, combat=True)
    rest = re.sub(r"^(Weapon\s*)?\[[A-Z]+\]\s*(Strike)?[,\s]*", "", effect).strip()
    falls = bool(re.search(r"(?i)target falls", rest))
    rest = re.sub(r"(?i),?\s*target falls", "", rest).strip(" ,")
    d.weapon_maneuvers.append(WeaponManeuver(entry, p.name or p.alias or "Maneuver", _count(p.number("DC")),
                                             _n(p.number("OCV")), _n(p.number("DCV")), falls, rest))
    return entry


def apply_weapon_maneuvers(d: Draft) -> None:
    """Each weapon maneuver (:func:`_weapon_maneuver`) with each weapon, once every attack is read:
    an attack of the sheet made with the weapon (its dice, STR, Focus and OCV) plus the
    maneuver's DCs and the Extra DCs, at the maneuver's OCV and DCV (6e's weapon maneuvers). Our
    reading of which attacks are weapons: the hand-to-hand ones with dice of their own (not a
    STR blow, a martial strike or an effect power), not on Charges (a second pool of them would
    be wrong) and not a Multipower's slot (the copy would not be switched with it)."""
    slots = {n for _, _, names in d.multipowers.values() for n in names}  # switched in and out: not a weapon to hand
    weapons = [a for a in d.attacks if a.hth and a.kind in ("normal", "killing") and not a.uses_str_only
               and a.martial_dcs is None and not a.weapon and a.charges is None and a.name not in slots]
    extra = min(d.martial_dcs, 60)
    for wm in d.weapon_maneuvers:
        if not weapons:
            wm.entry.status, wm.entry.why = IGNORED, "a weapon maneuver, and no hand-to-hand weapon to make it with"
            continue
        made, left = [], []
        for w in weapons:
            if len(d.attacks) >= MAX_ATTACKS:
                left.append(w.name)
                continue
            name = d.attack_name(f"{wm.name} ({w.name})")
            d.attacks.append(replace(w, name=name, martial_dcs=min(wm.dcs + extra, 60), end=w.end,
                                     ocv=max(-10, min(10, w.ocv + wm.ocv)), dcv=max(-5, min(10, wm.dcv)),
                                     falls=wm.falls or w.falls, weapon=w.name))
            made.append(name)
        dropped = ([wm.rest.lower()] if wm.rest else []) + ([f"with {', '.join(left)} (the engine takes "
                                                             f"{MAX_ATTACKS} attacks a sheet)"] if left else [])
        if not made:
            wm.entry.status, wm.entry.why = IGNORED, f"the engine takes {MAX_ATTACKS} attacks a sheet"
            continue
        wm.entry.status = IN_PART if dropped else IMPORTED
        wm.entry.into = (f"weapon maneuver{'s' if len(made) > 1 else ''} {', '.join(repr(n) for n in made)}: the "
                         f"weapon +{wm.dcs + extra} DC, OCV {wm.ocv:+d}" + (f", DCV {wm.dcv:+d}" if wm.dcv else "")
                         + (", the target falls" if wm.falls else ""))
        wm.entry.why = "not modelled: " + ", ".join(dropped) if dropped else ""


@handles("EXTRADC")
def extra_dcs(p: Part, d: Draft) -> Entry:
    """Extra Damage Classes bought with Martial Arts: added to each martial strike (the importer
    counts them before it reads the maneuvers). Ranged ones wait for ranged martial maneuvers."""
    if "RANGED" in p.alias.upper():
        return Entry(p.label, "maneuver", IGNORED, why="ranged martial DCs: ranged maneuvers are not modelled yet",
                     combat=True)
    return Entry(p.label, "maneuver", IMPORTED, into=f"+{_count(p.levels)} DC on each martial strike", combat=True)
