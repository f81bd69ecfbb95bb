"""5th Edition Hero Designer files, converted to the 6th Edition values a sheet here holds.

A 5e character plays here as the 6e character with the same numbers in a fight: each
difference between the editions is converted by the rule that defines it, and each conversion
is one line of the import report (``Report.conversions``), so no number changes silently:

- **Figured characteristics** (``hero6e.md`` §2): 5e works PD, ED, SPD, REC, END and STUN out of
  the primaries (PD = STR/5, ED = CON/5, SPD = 1 + DEX/10, REC = STR/5 + CON/5, END = 2 x CON,
  STUN = BODY + STR/2 + CON/2; fractions of .5 in the character's favour, SPD's fraction dropped)
  and a file's ``LEVELS`` on them are bought on top; 6e buys them outright, so the sheet carries
  the 5e total as the 6e value. OCV and DCV are DEX/3, OMCV and DMCV EGO/3 (5e has no such
  characteristics to buy). The primaries a figured one reads are those of the characteristics
  section and any characteristic power Hero Designer marks ``AFFECTS_PRIMARY``.
- **Distances**: 5e measures in inches (1" = 2 m): Running, Flight and Knockback Resistance
  levels, and a Martial Arts velocity bonus (+v/5 is +1 DC per 5", 10 m).
- **Defenses**: Armor and Force Field are 6e's Resistant Protection; Mental Defense adds EGO/5;
  Hardened also stands for Impenetrable (rules-powers §1.3: "in 5e Hardened plays that role").
- **Costs**: Active Points at 5e costs (Aid and Flash 10 CP a die; Armor Piercing +1/2), which
  the END and range of the power follow, as they did on the 5e sheet (``costs.COST_PER_LEVEL_5E``).
- **Area Of Effect**: 5e's Radius is sized by Active Points (rules-powers §1.4: radius = AP/10
  hexes); its other shapes and its Explosion have no conversion in the rules notes, so they are
  refused by name (the attack then hits one target), never guessed.

Anything else reads the same in both editions and goes through the 6e handlers unchanged.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction

from ..rounding import hero_round
from ..sheet import _LIMITS as CHARACTERISTIC_LIMITS
from . import attacks, costs, martial, powers
from .defenses import resistant_protection
from .draft import HANDLERS, Draft, Handler
from .reading import Character, Part
from .report import IGNORED, IMPORTED, IN_PART, Entry, Report

EDITION = "5e"

#: The 5e primaries (Comeliness too, which no fight reads), each starting at 10.
PRIMARIES = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM")

#: The 5e figured characteristics: how each is worked out of the primaries.
FIGURED_FORMULA = {"PD": "STR/5", "ED": "CON/5", "SPD": "1 + DEX/10", "REC": "STR/5 + CON/5", "END": "2 x CON",
                   "STUN": "BODY + STR/2 + CON/2"}

#: The combat values 5e calculates from a primary (6e buys them).
CALCULATED = {"OCV": "DEX", "DCV": "DEX", "OMCV": "EGO", "DMCV": "EGO"}

#: The report's kind for the four values 5e calculates (lines of their own, not elements of the file).
CALCULATED_KIND = "calculated characteristic"

#: Metres in one 5e inch (a hex).
METRES_PER_INCH = 2


def primaries(c: Character) -> dict[str, int]:
    """The 5e primaries figured characteristics are worked from: 10 plus the levels bought in the
    characteristics section, plus characteristic powers Hero Designer marks as raising the primary."""
    values = dict.fromkeys(PRIMARIES, 10)
    for p in c.sections.get("CHARACTERISTICS", ()):
        if p.xmlid in values:
            values[p.xmlid] += int(p.levels)
    for p in _all_parts(c.sections.get("POWERS", ()) + c.sections.get("EQUIPMENT", ())):
        if p.xmlid in values and p.flag("AFFECTS_PRIMARY"):
            values[p.xmlid] += int(p.levels)
    return values


def _all_parts(parts: tuple[Part, ...]) -> list[Part]:
    out = []
    for p in parts:
        out.append(p)
        out.extend(_all_parts(p.children))
    return out


def figured(v: dict[str, int]) -> dict[str, tuple[int, str]]:
    """Each 5e figured characteristic from the primaries: (value, how it was worked out)."""
    def half(x: int, by: int) -> int:
        return hero_round(Fraction(x, by))
    spd_exact = 1 + Fraction(v["DEX"], 10)
    return {
        "PD": (half(v["STR"], 5), f"STR {v['STR']}/5"),
        "ED": (half(v["CON"], 5), f"CON {v['CON']}/5"),
        "SPD": (math.floor(spd_exact), f"1 + DEX {v['DEX']}/10" + (f" = {float(spd_exact):g}, its fraction dropped"
                                                                     if spd_exact.denominator != 1 else "")),
        "REC": (half(v["STR"], 5) + half(v["CON"], 5), f"STR {v['STR']}/5 + CON {v['CON']}/5"),
        "END": (2 * v["CON"], f"2 x CON {v['CON']}"),
        "STUN": (v["BODY"] + half(v["STR"], 2) + half(v["CON"], 2),
                 f"BODY {v['BODY']} + STR {v['STR']}/2 + CON {v['CON']}/2"),
    }


def prepare(c: Character, d: Draft, report: Report) -> None:
    """Before the walk: the figured characteristics' 5e values become the starting values the
    file's levels are added to (as the 6e base values are for a 6e file)."""
    d.edition = EDITION
    d.primaries = primaries(c)
    for name, (value, how) in figured(d.primaries).items():
        lo, hi = CHARACTERISTIC_LIMITS.get(name, (-30, 300))
        d.values[name] = max(lo, min(hi, value))
        d.figured[name] = f"5e figured {FIGURED_FORMULA[name]}: {how} = {value}"
    report.notes.append(f"a 5th Edition character (TEMPLATE {c.template or 'none; its characteristics say 5e'}): "
                        "converted to 6th Edition values, each conversion listed below; in play, 6e's rules apply "
                        "(a killing attack's STUN multiplier is 1/2d6, not 5e's 1d6-1)")


def finish(d: Draft, report: Report) -> None:
    """After the walk: the calculated combat values from the final DEX and EGO, and 5e's
    Hardened standing for 6e's Impenetrable too; then every conversion into the report."""
    for name, how in d.figured.items():  # a figured characteristic the file has no row for
        d.conversions.append(f"{name} {d.values[name]}: {how} (the file has no {name} row); the sheet carries it as 6e's")
    for name, source in CALCULATED.items():
        value = max(0, hero_round(Fraction(d.values[source], 3)))
        bought = d.values[name] - 3  # a 6e-style OCV bought in the file (none in a 5e one) adds on
        d.values[name] = max(-30, min(300, value + bought))
        line = f"{name} {d.values[name]}: 5e calculated {source} {d.values[source]}/3 = {value} (6e buys {name}; the sheet carries the 5e value)"
        d.conversions.append(line)
        report.entries.insert(_after_characteristics(report), Entry(
            f"{name} (5e: calculated from {source})", CALCULATED_KIND, IMPORTED, into=f"{name} {d.values[name]}",
            why="", combat=True))
    for i, what in enumerate(("PD", "ED", "rPD", "rED")):
        if d.hardened[i] > d.impenetrable[i]:
            d.impenetrable[i] = d.hardened[i]
            d.conversions.append(f"Hardened {what} {d.hardened[i]}: 5e Hardened also stops Penetrating, so it is "
                                 f"Impenetrable {d.hardened[i]} too in 6e terms")
    report.conversions.extend(d.conversions)


def _after_characteristics(report: Report) -> int:
    """Where the characteristics section's leading run of characteristics ends in the report."""
    kinds = ("characteristic", CALCULATED_KIND)
    return next((i for i, e in enumerate(report.entries) if e.kind not in kinds), len(report.entries))


# --- the 5e handlers: each converts, reports the conversion, and leaves the rest to the 6e one ---

def characteristic(p: Part, d: Draft) -> Entry:
    """A characteristic: a primary reads as in 6e; a figured one's levels go on top of its 5e
    value (set by :func:`prepare`), and the report says how that value was worked out."""
    entry = powers.characteristic(p, d)
    if p.xmlid in FIGURED_FORMULA and p.tag == p.xmlid:  # the characteristics section's own row
        base = d.figured.pop(p.xmlid, FIGURED_FORMULA[p.xmlid])
        d.conversions.append(f"{p.xmlid} {d.values[p.xmlid]}: {base}" + (f", {int(p.levels):+d} bought" if p.levels else "")
                             + f"; 6e buys {p.xmlid} outright, so the sheet carries the 5e total")
        entry.into = f"{p.xmlid} {d.values[p.xmlid]} (5e figured {FIGURED_FORMULA[p.xmlid]}" + \
                     (f", {int(p.levels):+d} bought)" if p.levels else ")")
    return entry


def comeliness(p: Part, d: Draft) -> Entry:
    return Entry(p.label, "characteristic", IGNORED, why="Comeliness (5th Edition only) plays no part in a fight",
                 combat=False)


def _in_inches(handler: Handler, what: str) -> Handler:
    def read(p: Part, d: Draft) -> Entry:
        if p.levels:
            d.conversions.append(f"{p.label} {int(p.levels)}\": {int(p.levels) * METRES_PER_INCH} m of {what} "
                                 f"(5e measures in inches, 1\" = {METRES_PER_INCH} m)")
        return handler(replace(p, levels=p.levels * METRES_PER_INCH), d)
    read.__doc__ = f"{what.title()} in 5e inches, read as metres."
    return read


def mental_defense(p: Part, d: Draft) -> Entry:
    """5e Mental Defense is the levels bought plus EGO/5."""
    ego = hero_round(Fraction(d.primaries.get("EGO", 10), 5))
    d.conversions.append(f"{p.label} {int(p.levels)} + EGO {d.primaries.get('EGO', 10)}/5 = {int(p.levels) + ego}: "
                         "5e Mental Defense adds EGO/5")
    return HANDLERS["MENTALDEFENSE"](replace(p, levels=p.levels + ego), d)


def armor(p: Part, d: Draft) -> Entry:
    """5e Armor and Force Field: 6e's Resistant Protection (resistant PD and ED)."""
    what = "Force Field (it cost END each Phase in 5e; 6e's Resistant Protection costs none)" \
        if p.xmlid == "FORCEFIELD" else "Armor"
    d.conversions.append(f"{p.label}: 5e {what} is 6e's Resistant Protection")
    return resistant_protection(p, d)


def attack(p: Part, d: Draft) -> Entry:
    """A 5e attack: priced at 5e costs (its END and range follow them, as on the 5e sheet), a
    Radius sized from its Active Points, other 5e areas and Explosion refused by name."""
    refused: dict[str, str] = {}
    mods = []
    points = costs.active_points(p, edition=EDITION)
    for m in p.modifiers:
        step = costs.PER_LEVEL_VALUE_5E.get(m.xmlid)
        if step is not None and step != costs.PER_LEVEL_VALUE.get(m.xmlid) and not m.basecost and m.lvlcost is None:
            m = replace(m, basecost=max(1, int(m.levels)) * step)  # priced and shown at 5e's value (+1/2)
        if m.xmlid == "AOE" and m.option.upper() == "RADIUS":
            hexes = max(1, int(points // 10))
            d.conversions.append(f"{p.label}: 5e Radius of {hexes}\" ({costs.rounded(points)} Active Points / 10) = "
                                 f"{hexes * METRES_PER_INCH} m")
            m = replace(m, levels=Fraction(hexes * METRES_PER_INCH))
        elif m.xmlid == "AOE":
            refused[m.label] = (f"5th Edition {m.option_alias or m.option} area: its size in 5e follows from Active "
                                "Points by a table the rules notes do not give; not converted (the attack hits one "
                                "target)")
            m = replace(m, xmlid="AOE_5E")  # priced as the file prices it, read by no 6e reader
        elif m.xmlid == "EXPLOSION":
            refused[m.label] = ("5th Edition Explosion (-1 DC per 1\" from the centre): no conversion is defined here; "
                                "not converted (the attack hits one target)")
        mods.append(m)
    ranged = next((m for m in mods if m.xmlid == "RANGED"), None)
    if p.xmlid in NO_RANGE and ranged is None:
        mods.append(replace(p, tag="MODIFIER", xmlid="NORANGE", alias=f"No Range (5e {p.alias or p.xmlid}'s own)", name="",
                            levels=Fraction(0), basecost=Fraction(0), lvlcost=None, lvlval=None, option="",
                            option_alias="", input="", attrs={}, modifiers=(), adders=(), children=()))
        d.conversions.append(f"{p.label}: 5e {p.alias or p.xmlid} has no range unless bought Ranged: hand-to-hand")
    if p.xmlid in costs.COST_PER_LEVEL_5E and (p.xmlid != "FLASH" or p.option.upper().startswith("SIGHT")):
        d.conversions.append(f"{p.label}: {costs.rounded(points)} Active Points at 5e's "
                             f"{costs.COST_PER_LEVEL_5E[p.xmlid]} CP a die (6e: {costs.COST_PER_LEVEL[p.xmlid]}); "
                             "its END and range follow them")
    entry = attacks.attack(replace(p, modifiers=tuple(mods)), d)
    entry.children = [e for e in entry.children if not e.label.startswith("No Range (5e ")]  # a conversion line
    for e in entry.children:
        for label, why in refused.items():
            if e.kind == "modifier" and e.label.startswith(label) and e.status == IGNORED:
                e.why = why
        if p.xmlid in NO_RANGE and ranged is not None and e.kind == "modifier" and e.label.startswith(ranged.label):
            e.status, e.why, e.into = IMPORTED, "", f"ranged: 5e {p.alias or p.xmlid} buys the range 6e's has"
            d.conversions.append(f"{p.label}: Ranged bought in 5e is 6e {p.alias or p.xmlid}'s own range")
            if entry.status == IN_PART and not entry.why and not any(c.strict_failure for c in entry.children):
                entry.status = IMPORTED
    return entry


#: The attack powers that have no range in 5e unless bought Ranged (+1/2), and range in 6e.
NO_RANGE = frozenset({"DRAIN"})

_VELOCITY = re.compile(r"\+\s*v/(\d+)")


def maneuver(p: Part, d: Draft) -> Entry:
    """A 5e martial maneuver: its velocity bonus is per 5" (10 m), not per 5 m."""
    effect = p.attrs.get("EFFECT", "")
    found = _VELOCITY.search(effect)
    if found:
        inches = int(found.group(1))
        metres = inches * METRES_PER_INCH
        d.conversions.append(f"{p.label}: +v/{inches} in 5e inches is +1 DC per {metres} m moved first")
        p = replace(p, attrs={**p.attrs, "EFFECT": _VELOCITY.sub(f"+v/{metres}", effect, count=1)})
    return martial.martial_maneuver(p, d)


#: The 5e table: the 6e handlers, with the conversions above in front of those that differ.
HANDLERS_5E: dict[str, Handler] = {}


def handlers() -> dict[str, Handler]:
    """:data:`HANDLERS_5E`, filled on first use (after every 6e handler has registered)."""
    if not HANDLERS_5E:
        HANDLERS_5E.update(HANDLERS)
        for name in (*PRIMARIES[:-1], *FIGURED_FORMULA):
            HANDLERS_5E[name] = characteristic
        HANDLERS_5E["COM"] = comeliness
        HANDLERS_5E["RUNNING"] = _in_inches(HANDLERS["RUNNING"], "running")
        HANDLERS_5E["FLIGHT"] = _in_inches(HANDLERS["FLIGHT"], "flight")
        HANDLERS_5E["KBRESISTANCE"] = _in_inches(HANDLERS["KBRESISTANCE"], "knockback resistance")
        HANDLERS_5E["DARKNESS"] = _in_inches(HANDLERS["DARKNESS"], "Darkness radius")
        HANDLERS_5E["MENTALDEFENSE"] = mental_defense
        HANDLERS_5E["ARMOR"] = armor
        HANDLERS_5E["FORCEFIELD"] = armor
        for xmlid in attacks.ATTACK_POWERS:
            HANDLERS_5E[xmlid] = attack
        HANDLERS_5E["MANEUVER"] = maneuver
    return HANDLERS_5E


__all__ = ["EDITION", "FIGURED_FORMULA", "PRIMARIES", "figured", "finish", "handlers", "prepare", "primaries"]
