"""Characteristics, movement and Combat Skill Levels from a Hero Designer file, and the reason
given for every part the engine does not model (:data:`NOT_MODELLED`; a part with no handler
counts as changing a fight unless it is known not to, :data:`OUTSIDE_A_FIGHT`). The defenses
and attacks are read in :mod:`.defenses` and :mod:`.attacks`; importing this module registers
all of them in :data:`.draft.HANDLERS`.
"""

from __future__ import annotations

from dataclasses import replace

from ..sheet import _LIMITS as CHARACTERISTIC_LIMITS
from ..sheet import BASE_CHARACTERISTICS, MENTAL_KINDS, HeroAttack
from . import attacks, martial, senses  # noqa: F401  (their handlers register themselves)
from .defenses import _hardening  # (and its handlers register themselves)
from .draft import HANDLERS, MAX_ATTACKS, Draft, PendingLevels, _count, _n, handles
from .modifiers import sort_modifiers, with_power
from .reading import Part
from .report import IGNORED, IMPORTED, IN_PART, Entry

# --- characteristics and movement ---------------------------------------------------------

def characteristic(p: Part, d: Draft) -> Entry:
    """A 6e characteristic: its starting value plus the levels bought (6e has no figured ones);
    bought as a power it adds to the same total."""
    name = p.xmlid
    lo, hi = CHARACTERISTIC_LIMITS.get(name, (-30, 300))
    before = d.values[name]
    d.values[name] = max(lo, min(hi, before + _n(p.levels)))
    into = f"{name} {d.values[name]}" + (f" ({before} {'+' if p.levels >= 0 else '-'} {abs(_n(p.levels))})"
                                          if p.levels else "")
    read = {}
    if name in ("PD", "ED") and p.modifier("RESISTANT") is not None:
        d.resistant_share[0 if name == "PD" else 1] += _count(p.levels)
        read["RESISTANT"] = f"{_n(p.levels)} of it resistant"
    if name in ("PD", "ED"):
        read.update(_hardening(p, d, (0,) if name == "PD" else (1,)))
    mods, dropped = sort_modifiers(p, read)
    clipped = before + _n(p.levels) != d.values[name]
    status = IN_PART if dropped or clipped else IMPORTED
    why = f"held to the engine's range {lo}..{hi}" if clipped else ""
    return Entry(p.label, "characteristic", status, into=into, why=why, combat=True, children=mods)


for _c in BASE_CHARACTERISTICS:
    HANDLERS[_c] = characteristic


@handles("RUNNING")
def running(p: Part, d: Draft) -> Entry:
    d.running += _n(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "movement", IN_PART if dropped else IMPORTED, into=f"running {d.running} m",
                 combat=True, children=mods)


@handles("FLIGHT")
def flight(p: Part, d: Draft) -> Entry:
    d.flight += _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    return Entry(p.label, "movement", IN_PART if dropped else IMPORTED, into=f"flying, {d.flight} m a Phase",
                 combat=True, children=mods)


@handles("SWIMMING", "LEAPING")
def swim_or_leap(p: Part, d: Draft) -> Entry:
    return Entry(p.label, "movement", IGNORED, why="the battle map has no water and no leaps: the character "
                 "moves by Running (or Flight)", combat=False, children=with_power(p))


@handles("SKILL_LEVELS")
def skill_levels(p: Part, d: Draft) -> Entry:
    """Skill Levels: Overall levels serve as Combat Skill Levels with every attack (6e); the
    others are for skills, which a battle here never rolls."""
    if "OVERALL" not in p.option.upper():
        return Entry(p.label, "skill", IGNORED, why="skill levels: skills are not rolled in a battle here", combat=False,
                     children=with_power(p))
    return combat_levels(replace(p, option="ALL"), d)


@handles("LIGHTNING_REFLEXES_ALL", "LIGHTNING_REFLEXES_SINGLE", "LIGHTNING_REFLEXES")
def lightning_reflexes(p: Part, d: Draft) -> Entry:
    """Lightning Reflexes: +DEX for the order within a Segment. Bought for all actions, it is the
    sheet's ``lightning_reflexes``; bought for one action or a few (5e's ``_SINGLE``, or an
    option or input that names the action), it is refused by name: acting earlier with listed
    actions only is not modelled."""
    levels = _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    words = f"{p.option} {p.option_alias} {p.input}".upper()
    named = p.input if p.input and "ALL" not in p.input.upper() else ""
    if p.xmlid.endswith("SINGLE") or "SINGLE" in words or named:
        what = f" ({named})" if named else ""
        return Entry(p.label, "talent", IGNORED, why=f"Lightning Reflexes for listed actions{what}: acting earlier "
                     "with some actions only is not modelled (with all actions it is)", combat=True, children=mods)
    d.lightning_reflexes += levels
    return Entry(p.label, "talent", IN_PART if dropped else IMPORTED,
                 into=f"lightning_reflexes {d.lightning_reflexes} (+DEX for the order within a Segment)",
                 combat=True, children=mods)


@handles("COMBAT_LEVELS")
def combat_levels(p: Part, d: Draft) -> Entry:
    """Combat Skill Levels. Levels with every attack are the engine's pool (usable each Phase
    for OCV, DCV or, two at a time in heroic games, damage). Levels bought for fewer attacks
    (one weapon, hand-to-hand, ranged) become +OCV on those attacks alone, once every attack is
    read (:func:`apply_levels`): counting a sword's levels with a ranged blast would make the
    character better than the sheet."""
    option = p.option.upper()
    levels = _count(p.levels)
    mods, dropped = sort_modifiers(p, {})
    if "MENTAL" in option or option == "DECV":
        return Entry(p.label, "combat levels", IGNORED, why="mental levels: the engine has no mental combat yet",
                     combat=False, children=mods)
    if "DCV" in option and "OCV" not in option:  # 5e's DCV-only levels ("with DCV", "HTHDCV", "TWODCV")
        return Entry(p.label, "combat levels", IGNORED, why="levels for DCV alone: the engine takes DCV from levels only "
                     "in its pool with every attack; not modelled", combat=True, children=mods)
    if option in ("ALL", "ALLCOMBAT", "OVERALL", "ALLATTACKS"):
        d.csl += levels
        return Entry(p.label, "combat levels", IN_PART if dropped else IMPORTED, into=f"csl +{levels}",
                     combat=True, children=mods)
    words = f"{p.option} {p.option_alias}".upper()
    # the attacks the file names as adders ("with Sentient Pistol", "Strike", ...) decide first
    named = [a.alias or a.name for a in p.adders if a.alias or a.name]
    hth, ranged = "HTH" in words or "HAND" in words, "RANGED" in words
    scope = ("named" if named else "martial" if option == "MARTIAL" else "physical" if hth and ranged
             else "hth" if hth else "ranged" if ranged else "named")
    adders = [Entry(a.label, "adder", IMPORTED, into="one of the attacks the levels are with", combat=False)
              for a in p.adders]
    entry = Entry(p.label, "combat levels", IN_PART, combat=True, children=adders + mods)
    d.pending.append(PendingLevels(entry, levels, scope, p.input or p.option_alias, names=named))
    return entry


def apply_levels(d: Draft) -> None:
    """Levels for some attacks, as +OCV on the attacks they name (see :func:`combat_levels`)."""
    for pl in d.pending:
        hint = pl.hint.lower().removeprefix("with ").strip()
        group = d.groups.get(hint, []) if pl.scope == "named" and not pl.names else []
        targets = pl.targets or group or [a.name for a in d.attacks if _levels_fit(pl, a)]
        if not targets:
            pl.entry.status = IGNORED
            pl.entry.why = f"cannot tell which attack {pl.hint!r} means: the sheet's attacks are " + \
                           ", ".join(a.name for a in d.attacks)
            continue
        d.attacks = [replace(a, ocv=max(-10, min(10, a.ocv + pl.levels))) if a.name in targets else a
                     for a in d.attacks]
        pl.entry.into = f"+{pl.levels} OCV with {', '.join(targets)}"
        pl.entry.why = "levels for some attacks count here for OCV only (not DCV or damage)"


def _levels_fit(pl: PendingLevels, a: HeroAttack) -> bool:
    if pl.scope == "hth":
        # every hand-to-hand attack but a plain STR strike (a martial one counts) and a touch that helps
        return a.hth and a.kind not in ("aid", "healing") and not (a.uses_str_only and a.martial_dcs is None)
    if pl.scope == "ranged":
        return not a.hth
    if pl.scope == "martial":  # 5e's levels "with Martial Maneuvers"
        return a.martial_dcs is not None
    if pl.scope == "physical":  # "with HTH and Ranged Combat": every attack but a mental one and a helping touch
        return a.kind not in (*MENTAL_KINDS, "aid", "healing") and not (a.uses_str_only and a.martial_dcs is None)
    name = a.name.lower()
    if pl.names:
        return any(n.lower() == name or n.lower() in name for n in pl.names)
    hint = pl.hint.lower().removeprefix("with ").strip()
    return bool(hint) and (hint in name or name in hint)


# --- what is not modelled ------------------------------------------------------------------

#: Parts the engine does not model yet, with the reason the report gives.
NOT_MODELLED: dict[str, str] = {
    "TRANSFER": "Transfer is not modelled yet (Drain and Aid are)",
    "ABSORPTION": "Absorption is not modelled yet",
    "TELEKINESIS": "Telekinesis is not modelled yet",
    "TRANSFORM": "Transform is not modelled yet", "DEFLECTION": "Deflection is not modelled yet",
    "DESOLIDIFICATION": "Desolidification is not modelled yet",
    "TELEPORTATION": "the engine moves by Running and Flight only", "TUNNELING": "the engine moves by Running and Flight only",
    "SWINGING": "the engine moves by Running and Flight only", "DENSITYINCREASE": "Density Increase is not modelled yet",
    "GROWTH": "Growth is not modelled yet", "SHRINKING": "Shrinking is not modelled yet",
    "REGENERATION": "Regeneration is not modelled yet", "DAMAGESHIELD": "Damage Shield is not modelled yet",
    "CUSTOMPOWER": "a custom power: no rule to apply",
    "CHANGEENVIRONMENT": "Change Environment is left to the scenario (rules-powers §3.7)",
    "WEAPON_ELEMENT": "which weapons the Martial Arts weapon maneuvers are for is not read: every hand-to-hand "
                      "weapon of the sheet takes them (our reading)",
    "PENALTY_SKILL_LEVELS": "Penalty Skill Levels are not modelled yet",
    "DEADLYBLOW": "Deadly Blow's circumstance dice are not modelled yet",
    "WEAPON_MASTER": "Weapon Master's extra dice are not modelled yet",
    "DEFENSE_MANEUVER": "Defense Maneuver is not modelled yet",
    "TWO_WEAPON_FIGHTING_HTH": "not modelled yet", "TWO_WEAPON_FIGHTING_RANGED": "not modelled yet",
    "RAPID_ATTACK_HTH": "not modelled yet", "RAPID_ATTACK_RANGED": "not modelled yet",
    "MISSILEDEFLECTION": "Deflection is not modelled yet", "ENDURANCERESERVE": "an END Reserve is not modelled yet",
    "DUPLICATION": "Duplication is not modelled yet", "SUMMON": "Summon is not modelled yet",
    "AUTOMATON": "automaton powers are not modelled yet", "DOESNOTBLEED": "automaton powers are not modelled yet",
    "TAKESNOSTUN": "automaton powers are not modelled yet", "VPP": "a Variable Power Pool is out of scope "
    "(rules-powers §5.2)", "ELEMENTAL_CONTROL": "Elemental Control is 5th Edition only (rules-powers §5.3)",
}

#: Sections and parts that are known not to change a fight.
OUTSIDE_A_FIGHT_SECTIONS = {"SKILLS": "skills are not rolled in a battle here", "PERKS": "perks do not change a fight",
                            "DISADVANTAGES": "complications are for the story, not the fight"}
_UNSEEN = "senses are not modelled (everyone sees the whole map)"
_NOT_HERE = "not a fight power here"
OUTSIDE_A_FIGHT = {
    **dict.fromkeys(("ENHANCEDPERCEPTION", "NIGHTVISION", "DETECT", "CLAIRSENTIENCE", "INFRAREDPERCEPTION",
                     "ULTRAVIOLETPERCEPTION", "TELESCOPIC", "MICROSCOPIC", "RADIOPERCEPTION", "MENTALAWARENESS"),
                    _UNSEEN),
    **dict.fromkeys(("MINDLINK", "EXTRADIMENSIONALMOVEMENT", "FTL", "SHAPESHIFT"), _NOT_HERE),
    # docs/rules.md, "Telepathy and Mind Scan": why neither changes a fight as the engine plays one
    "TELEPATHY": "Telepathy reads and sends thoughts: not fight-relevant here, where every mind already knows "
                 "every combatant's state and no rule reads what a combatant knows",
    "MINDSCAN": "Mind Scan finds a mind to aim mental powers at: not fight-relevant here, where every combatant "
                "is on the map and mental powers already reach anyone in line of sight, seen or not",
    "LANGUAGES": "a language", "LINGUIST": "languages",
}


#: Talents that do not change a fight (an unknown one is assumed to).
QUIET_TALENTS = frozenset({
    "ABSOLUTE_RANGE_SENSE", "ABSOLUTE_TIME_SENSE", "BUMP_OF_DIRECTION", "EIDETIC_MEMORY", "ENVIRONMENTAL_MOVEMENT",
    "LIGHTNING_CALCULATOR", "PERFECT_PITCH", "SPEED_READING", "UNIVERSAL_TRANSLATOR", "WELL_CONNECTED",
    "DOUBLE_JOINTED", "SIMULATE_DEATH", "RESISTANCE", "SPELL", "FAMILIARITY", "CUSTOMTALENT_NONCOMBAT",
    "ABSOLUTERANGESENSE", "ABSOLUTETIMESENSE", "BUMPOFDIRECTION", "EIDETICMEMORY", "LIGHTNINGCALCULATOR",
    "PERFECTPITCH", "SPEEDREADING", "UNIVERSALTRANSLATOR", "DOUBLEJOINTED", "SIMULATEDEATH",
})


def ignored(p: Part, section: str) -> Entry:
    """A part no handler reads: ignored, with the most specific reason known."""
    if p.xmlid in NOT_MODELLED:
        why, combat = NOT_MODELLED[p.xmlid], True
    elif p.xmlid in OUTSIDE_A_FIGHT:
        why, combat = OUTSIDE_A_FIGHT[p.xmlid], False
    elif section in OUTSIDE_A_FIGHT_SECTIONS and p.xmlid not in ("COMBAT_LEVELS",):
        why, combat = OUTSIDE_A_FIGHT_SECTIONS[section], False
    elif section == "TALENTS" and p.xmlid in QUIET_TALENTS:
        why, combat = "this talent does not change a fight", False
    elif section == "TALENTS":
        why, combat = "this talent is not modelled yet", True
    else:
        why, combat = "not modelled in a battle yet", True
    kind = {"SKILLS": "skill", "PERKS": "perk", "TALENTS": "talent", "MARTIALARTS": "maneuver",
            "DISADVANTAGES": "complication"}.get(section, "power")
    return Entry(p.label, kind, IGNORED, why=why, combat=combat, children=with_power(p))


__all__ = ["Draft", "HANDLERS", "MAX_ATTACKS", "apply_levels", "ignored"]
