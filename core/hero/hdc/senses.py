"""Sense-affecting powers from a Hero Designer file: Darkness and Invisibility, of the Sight Group
(the one sense a fight here uses: :mod:`..senses`). Another sense group is refused by name; a
modifier the engine does not read makes the power "in part", as for any power.

* Darkness: its ``LEVELS`` are the metres of its radius (6e; a 5th Edition file's inches are
  converted first, :mod:`.fifth`); it becomes a ``darkness`` attack with that Radius, placed at
  10 m a point of its Active Points (6e's range rule, as the attacks have it).
* Images: with an Area Of Effect Radius (its size; the engine's reading of Images is an area,
  docs/rules.md), its "+/- to PER Rolls" adder the minus to PER rolls against it; an ``images``
  attack placed at 10 m a point of its Active Points. Only To Create Light: refused (it hides
  no one).
* Invisibility: the sheet's ``invisible``; No Fringe is not modelled (its fringe shows to a foe
  in the next cell).
"""

from __future__ import annotations

from dataclasses import replace

from ..pricing import power_points
from ..sheet import SENSE_GROUPS, HeroAttack
from .draft import MAX_ATTACKS, Draft, _count, handles
from .modifiers import sort_modifiers, with_power
from .reading import Part
from .report import IGNORED, IMPORTED, IN_PART, Entry


def sense_group(option: str) -> str:
    """The sense group a Hero Designer option names (``HEARINGGROUP`` -> "hearing"), or "" for a
    single sense or nothing known (:data:`..sheet.SENSE_GROUPS`)."""
    option = option.upper()
    if not option.endswith("GROUP"):
        return ""
    return next((g for g in SENSE_GROUPS if option.startswith(g.upper())), "")


def _other_group(p: Part, what: str) -> str:
    """Why a power of a sense group other than Sight is refused ("" for the Sight Group)."""
    if p.option.upper().startswith("SIGHT"):
        return ""
    return (f"{what} to the {p.option_alias or p.option or 'unnamed'} sense group: only the Sight Group is "
            "modelled (the fight is seen, not heard)")


@handles("DARKNESS")
def darkness(p: Part, d: Draft) -> Entry:
    why = _other_group(p, "Darkness")
    if not why and len(d.attacks) >= MAX_ATTACKS:
        why = f"the engine takes {MAX_ATTACKS} attacks a sheet"
    metres = min(_count(p.levels), 200)
    if not why and not metres:
        why = "a Darkness of no radius"
    if why:
        return Entry(p.label, "power", IGNORED, why=why, combat=True, children=with_power(p))
    name = d.attack_name(p.name or p.alias or "Darkness")
    atk = HeroAttack(name=name, kind="darkness", hth=False, adds_str=False, defense="", knockback=False,
                     does_body=False, area="radius", area_m=metres)
    points = int(power_points(atk))
    atk = HeroAttack(name=name, kind="darkness", hth=False, adds_str=False, defense="", knockback=False,
                     does_body=False, area="radius", area_m=metres, range_m=max(1, min(2000, 10 * points)))
    d.attacks.append(atk)
    mods, dropped = sort_modifiers(p, {})
    into = f'attack "{name}": darkness, a {metres} m Radius, {atk.range_m} m, {points} AP'
    return Entry(p.label, "power", IN_PART if dropped else IMPORTED, into=into, combat=True, children=mods)


@handles("IMAGES")
def images(p: Part, d: Draft) -> Entry:
    """Images of the Sight Group with an Area Of Effect Radius (its size): an ``images`` attack,
    its levels the minus to PER rolls against it, placed at 10 m a point of its Active Points."""
    why = _other_group(p, "Images")
    aoe = next((m for m in p.modifiers if m.xmlid == "AOE"), None)
    if not why and any(m.xmlid == "ONLYTOCREATELIGHT" for m in p.modifiers):
        why = "an Images only to create light: it hides no one"
    if not why and (aoe is None or aoe.option.upper() != "RADIUS"):
        why = "an Images without an Area Of Effect Radius: its size is not modelled (a Radius is)"
    if not why and len(d.attacks) >= MAX_ATTACKS:
        why = f"the engine takes {MAX_ATTACKS} attacks a sheet"
    if why or aoe is None:
        return Entry(p.label, "power", IGNORED, why=why, combat=True, children=with_power(p))
    metres = max(2, min(200, _count(aoe.levels) or 2))
    minus = next((a for a in p.adders if a.xmlid == "DECREASEDPERROLL"), None)
    per = max(0, min(10, _count(minus.levels))) if minus is not None else 0
    name = d.attack_name(p.name or p.alias or "Images")
    atk = HeroAttack(name=name, kind="images", hth=False, adds_str=False, defense="", knockback=False,
                     does_body=False, area="radius", area_m=metres, per=per)
    points = int(power_points(atk))
    atk = replace(atk, range_m=max(1, min(2000, 10 * points)))
    d.attacks.append(atk)
    mods, dropped = sort_modifiers(p, {"AOE": f"a {metres} m Radius"})
    adders = [Entry(a.label, "adder", IMPORTED, into=f"-{per} to PER rolls against it", combat=True)
              if a is minus else Entry(a.label, "adder", IGNORED, why="not modelled", combat=True, children=with_power(a))
              for a in p.adders]
    dropped = dropped or len(adders) > (minus is not None)
    shown = f", -{per} to PER rolls" if per else ""
    into = f'attack "{name}": images, a {metres} m Radius{shown}, {atk.range_m} m, {points} AP'
    return Entry(p.label, "power", IN_PART if dropped else IMPORTED, into=into, combat=True, children=adders + mods)


@handles("INVISIBILITY")
def invisibility(p: Part, d: Draft) -> Entry:
    why = _other_group(p, "Invisibility")
    if why:
        return Entry(p.label, "power", IGNORED, why=why, combat=True, children=with_power(p))
    d.invisible = True
    mods, dropped = sort_modifiers(p, {})
    fringe = any(a.xmlid == "NOFRINGE" for a in p.adders)
    note = "No Fringe is not modelled: a foe in the next cell sees its fringe" if fringe else ""
    return Entry(p.label, "power", IN_PART if dropped or fringe else IMPORTED,
                 into="invisible (to the Sight Group, with its fringe)", why=note, combat=True, children=mods)
