"""The HERO powers whose hit is not damage, one entry each (rules-powers §3.2-3.4): Entangle,
Flash, Drain, Aid and Healing. An entry says what a hit does (:attr:`Power.lands`) and what it
is worth to the AI (:attr:`Power.worth`, in the estimate's units: a share of a foe's fight);
:func:`.combat.resolve_attack` rolls Entangle, Flash and Drain against DCV like any attack and
hands a hit here, and the ``aid`` action (:mod:`.maneuvers`) uses Aid and Healing on a friend.

What an entry is, and the effect dice, are :mod:`.effect_power`'s; Mind Control has a module
of its own (:mod:`.mind_control`) and an entry in the same table, as have Darkness and Images,
the powers that lay a lasting field (:mod:`.fields`).

Our readings where the sources leave a choice (docs/rules.md, "Readings we chose (HERO)"):

* Entangle: BODY as the dice count Normal BODY, a pip 1 more; rPD = rED = its whole dice plus
  ``entangle_defense``; a second on the same target is the stronger's BODY + 1 and the better
  defense. Held, a fighter is at DCV 0 and ½ OCV and cannot move; it, or a friend next to it
  (or one with a ranged attack in range and sight), spends an action striking the Entangle with
  STR or an attack: no roll, the BODY rolled less its defense comes off. A foe's attacks strike
  the fighter, never the Entangle.
* Flash (against the Sight Group): the Normal BODY count less Flash Defense is the Segments it
  cannot see, counted from the next Segment; blind, ½ DCV, ½ OCV hand to hand, 0 at range,
  unless it hears its target (:func:`listen`); a Flash of another group takes that group for
  as long, with no change to OCV or DCV while it sees (Hearing takes the roll that listens).
* Drain and Aid: see :mod:`.adjustment`. Aid and Healing touch a friend (or the user), with no
  roll. Healing is simplified Healing: the total heals STUN, the BODY count heals BODY, never
  past the maximum; a knocked-out friend healed above 0 STUN wakes; a Healing works once a
  battle on the same target (its reuse lockout is a day).
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.context import RulesContext
from . import adjustment, senses
from . import events as ev
from .damage import is_dead, is_knocked_out
from .dice import count_killing_body, normal_sums, str_dice
from .effect_power import PHASE_LOST, Power, mean_body, mean_total, roll_effect
from .effects import change_spd, die, knock_out, spend_end
from .endurance import str_end
from .fields import DARKNESS, IMAGES
from .mind_control import MENTAL_ILLUSIONS, MIND_CONTROL
from .profile import DamageProfile
from .sheet import FLASH_DEFENSE, POWER_DEFENSE, SENSE_VERBS, Characteristics, HeroAttack, flash_defense
from .state import Entanglement, Fighter
from .usage import attack_end, damage_profile

# -- Entangle ---------------------------------------------------------------------------------

def _entangle(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    dice = profile.dice
    faces, _, body = roll_effect(ctx, atk, dice)
    body += max(dice.pip, 0)
    defense = dice.count + atk.entangle_defense
    held = g.entangle
    if body <= 0:
        ctx.emit(ev.EntangleRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=0, defense=defense,
                                   total_body=held.body if held else 0))
        return
    if held is not None:  # the stronger's BODY + 1, the better defense (rules-powers §3.2)
        held = g.entangle = replace(held, body=max(held.body, body) + 1, defense=max(held.defense, defense))
        ctx.emit(ev.EntangleRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=body, defense=defense,
                                   total_body=held.body, stacked=True))
        return
    g.entangle = Entanglement(body, defense, f.id, atk.name)
    ctx.emit(ev.EntangleRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=body, defense=defense,
                               total_body=body))
    ctx.emit(ev.StatusChanged(actor=g.id, status="entangled", active=True,
                              why=f"an Entangle of BODY {body}, rPD/rED {defense}: DCV 0, half OCV, cannot move"))


def break_power(g: Fighter) -> float:
    """The BODY ``g`` is expected to put into an Entangle in one try: its STR's or its best
    damage attack's (the estimate's figure, before the Entangle's defense)."""
    best = mean_body(str_dice(g.ch.STR))
    for a in g.sheet.attacks:
        if a.kind in ("normal", "killing") and not a.area and not a.uses_str_only:
            best = max(best, 3.5 * mean_body(a.dice) if a.kind == "killing" else mean_body(a.dice))
    return best


def _entangle_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    """The Phases the foe is expected to spend held or breaking out (the Entangle's BODY over
    what each try gets through, at most 3), each worth :data:`PHASE_LOST`."""
    if g.entangle is not None:
        return 0.02  # a second one adds 1 BODY
    body = mean_body(profile.dice) + max(profile.dice.pip, 0)
    through = max(break_power(g) - (profile.dice.count + atk.entangle_defense), 0.5)
    return PHASE_LOST * min(body / through, 3.0)


def break_out(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack | None) -> None:
    """``f`` strikes the Entangle holding ``g`` (itself or a friend) with STR (``atk`` None) or an
    attack: no roll; the BODY rolled less the Entangle's defense comes off its BODY."""
    held = g.entangle
    assert held is not None
    opts = ctx.options
    if atk is None:
        dice, kind, using = str_dice(f.ch.STR), "normal", "STR"
        spend_end(ctx, f, str_end(f.ch.STR, opts.campaign, opts.str_end), "STR against an Entangle")
    else:
        dice, kind, using = damage_profile(opts, f, atk, None, "", 0, 0).dice, atk.kind, atk.name
        spend_end(ctx, f, attack_end(f, atk, opts.campaign, opts.str_end), f"{atk.name} against an Entangle")
        if atk.charges is not None:
            f.spend_charges(atk)
            ctx.emit(ev.ChargeUsed(actor=f.id, attack=atk.name, left=f.charges_left(atk) or 0))
    if f.out_of_fight(opts):
        return
    faces = tuple(ctx.dice.rolls(dice.dice_rolled, 6, "breaking an Entangle"))
    body = count_killing_body(dice, faces) if kind == "killing" else normal_sums(dice, faces)[1]
    held = replace(held, body=held.body - max(body - held.defense, 0))
    freed = held.body <= 0
    g.entangle = None if freed else held  # the state is whole before any event about it is seen
    ctx.emit(ev.EntangleAttacked(actor=f.id, target=g.id, using=using, faces=faces, body=body, defense=held.defense,
                                 body_left=max(held.body, 0), freed=freed))
    if freed:
        how = "broke free" if f is g else f"freed by {f.name}"
        ctx.emit(ev.StatusChanged(actor=g.id, status="entangled", active=False, why=how))


def break_out_worth(f: Fighter, g: Fighter, atk: HeroAttack | None) -> float:
    """Freeing a held fighter is worth the three Phases an Entangle is worth at most (it can move
    and defend again), times the share of the Entangle's BODY one try is expected to take off."""
    held = g.entangle
    if held is None:
        return 0.0
    if atk is None:
        body = mean_body(str_dice(f.ch.STR))
    else:
        body = 3.5 * mean_body(atk.dice) if atk.kind == "killing" else mean_body(atk.dice)
    through = max(body - held.defense, 0.0)
    return 3 * PHASE_LOST * min(through / max(held.body, 1), 1.0)


# -- Flash ------------------------------------------------------------------------------------

def _flash(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    faces, _, body = roll_effect(ctx, atk, profile.dice)
    defense = g.sheet.special().get(flash_defense(atk.sense), 0)
    segments = body - defense
    if segments <= 0:
        ctx.emit(ev.FlashRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=body, defense=defense,
                                segments=0, sense=atk.sense))
        return
    if atk.sense != "sight":
        _dull(ctx, f, g, atk, faces, body, defense, segments)
        return
    until = max(g.blind_until, ctx.state.abs_segment + segments)
    newly = not g.blind
    g.blind_until = until
    turn, seg = (until - 1) // 12 + 1, (until - 1) % 12 + 1
    ctx.emit(ev.FlashRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=body, defense=defense,
                            segments=segments, until_turn=turn, until_segment=seg))
    if newly:
        ctx.emit(ev.StatusChanged(actor=g.id, status="flashed", active=True,
                                  why=f"cannot see to the end of Turn {turn}, Segment {seg}: "
                                      "half DCV, half OCV hand to hand, OCV 0 at range"))


def _deafen_worth(g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    """A Flash of Hearing on a foe Flashed in Sight takes away the PER roll that would give it half
    its OCV back (:func:`listen`): half a lost Phase for each of its Phases both last (at most 3),
    for a foe that shoots; a quarter for one that strikes hand to hand. Nothing on a sighted foe."""
    if not g.blind or "hearing" in g.flashed_senses:
        return 0.0
    segments = mean_body(profile.dice) - g.sheet.special().get(flash_defense("hearing"), 0)
    if segments <= 0:
        return 0.0
    phases = min(segments * g.spd / 12, 3.0)
    ranged = any(not a.hth and not a.mental for a in g.sheet.attacks)
    return PHASE_LOST * phases * 0.5 * (1.0 if ranged else 0.5)


def _dull(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, faces: tuple[int, ...], body: int,
          defense: int, segments: int) -> None:
    """A Flash of a Nontargeting group (Hearing, Mental, Radio, Smell/Taste, Touch): ``g`` cannot
    use that group for the Segments, counted as a Sight Flash's are; its OCV and DCV stay as they
    were, for it still perceives its foes with Sight, the one Targeting Sense here (rules-powers
    §3.3: a Flash of Hearing alone imposes nothing on a sighted target)."""
    group = atk.sense
    until = max(g.flashed_senses.get(group, -1), ctx.state.abs_segment + segments)
    newly = group not in g.flashed_senses
    g.flashed_senses = {**g.flashed_senses, group: until}
    turn, seg = (until - 1) // 12 + 1, (until - 1) % 12 + 1
    ctx.emit(ev.FlashRolled(attacker=f.id, target=g.id, attack=atk.name, faces=faces, body=body, defense=defense,
                            segments=segments, until_turn=turn, until_segment=seg, sense=group))
    if newly:
        ctx.emit(ev.StatusChanged(actor=g.id, status=senses.dulled_status(group), active=True,
                                  why=f"cannot {SENSE_VERBS[group]} to the end of Turn {turn}, Segment {seg}: "
                                      "OCV and DCV as they were (it still sees)"))


def _flash_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    """Each of the foe's Phases it spends blind (at most 3) is a Phase lost to a foe that
    attacks at range (OCV 0), half of one to a foe that can still strike hand to hand at ½ OCV;
    a foe already blind gains little more. A Flash of Hearing is worth what the PER roll it takes
    away would give back (:func:`_deafen_worth`); of another group, nothing: the foe still sees,
    so its OCV and DCV are as they were, and nothing else a fight here reads is perceived with
    another sense."""
    if atk.sense == "hearing":
        return _deafen_worth(g, atk, profile)
    if atk.sense != "sight":
        return 0.0
    segments = mean_body(profile.dice) - g.sheet.special().get(FLASH_DEFENSE, 0)
    if segments <= 0 or g.blind:
        return 0.0
    phases = min(segments * g.spd / 12, 3.0)
    ranged = any(not a.hth and not a.mental for a in g.sheet.attacks)
    return PHASE_LOST * phases * (1.0 if ranged else 0.5)


# -- Drain, Aid, Healing ----------------------------------------------------------------------

#: What moving a characteristic by all it has is worth, in the estimate's units (a share of a
#: fight; an attack's hit is worth a tenth to a third): the AI's weights, our choice. A foe's SPD
#: halved is worth more than its STR halved; a STR only to a fighter whose attacks add it.
_WEIGHT = {"SPD": 0.6, "OCV": 0.4, "DCV": 0.25, "PD": 0.15, "ED": 0.15, "CON": 0.08, "DEX": 0.04, "REC": 0.04,
           "DMCV": 0.08, "EGO": 0.01, "PRE": 0.01, "INT": 0.0, "END": 0.04}


def _weight(g: Fighter, characteristic: str) -> float:
    if characteristic == "STR":
        return 0.2 if any(a.adds_str for a in g.sheet.attacks) else 0.02
    if characteristic == "OMCV":
        return 0.3 if any(a.mental for a in g.sheet.attacks) else 0.0
    return _WEIGHT[characteristic]


def _drain(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    faces, total, _ = roll_effect(ctx, atk, profile.dice)
    defense = g.sheet.special().get(POWER_DEFENSE, 0)
    ap = max(total - defense, 0)
    c = atk.characteristic
    before = getattr(g.ch, c)
    after = adjustment.adjusted(c, getattr(g.sheet.characteristics, c), g.drained.get(c, 0) + ap, g.aided.get(c, 0))
    ctx.emit(ev.AdjustmentRolled(actor=f.id, target=g.id, attack=atk.name, power="drain", characteristic=c, faces=faces,
                                 total=total, defense=defense, ap=ap, before=before, after=after))
    if ap:  # what follows from it (a SPD change, a knock-out) is logged after the roll
        g.drained = {**g.drained, c: g.drained.get(c, 0) + ap}
        g.fresh = g.fresh | {("drain", c)}
        readjust(ctx, g)


def _shift_worth(g: Fighter, c: str, drained: int, aided: int) -> float:
    """The share of ``g``'s characteristic ``c`` that moving to ``drained``/``aided`` AP would
    change, weighted by what that characteristic does in a fight."""
    now = getattr(g.ch, c)  # as its Drains and Aids leave it (:func:`readjust`)
    then = adjustment.adjusted(c, getattr(g.sheet.characteristics, c), drained, aided)
    if c == "STUN":  # a pool: what the harm of damage counts (the STUN and BODY left)
        return abs(then - now) / max(g.stun, 1)
    if c == "BODY":
        return 2 * abs(then - now) / max(g.body + g.ch.BODY, 1)
    return abs(then - now) / max(now, 1) * _weight(g, c)


def _drain_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    ap = max(round(mean_total(profile.dice)) - g.sheet.special().get(POWER_DEFENSE, 0), 0)
    c = atk.characteristic
    return min(_shift_worth(g, c, g.drained.get(c, 0) + ap, g.aided.get(c, 0)), 0.6)


def _aid(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    dice = profile.dice
    faces, total, _ = roll_effect(ctx, atk, dice)
    c = atk.characteristic
    before = getattr(g.ch, c)
    had = g.aided.get(c, 0)
    ceiling = adjustment.aid_ceiling(dice.count, dice.half, dice.pip)
    now = min(had + total, max(had, ceiling))
    after = adjustment.adjusted(c, getattr(g.sheet.characteristics, c), g.drained.get(c, 0), now)
    ctx.emit(ev.AdjustmentRolled(actor=f.id, target=g.id, attack=atk.name, power="aid", characteristic=c, faces=faces,
                                 total=total, defense=0, ap=now - had, before=before, after=after))
    g.aided = {**g.aided, c: now}
    g.fresh = g.fresh | {("aid", c)}
    readjust(ctx, g)


def _aid_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    dice, c = profile.dice, atk.characteristic
    had = g.aided.get(c, 0)
    ceiling = adjustment.aid_ceiling(dice.count, dice.half, dice.pip)
    now = min(had + round(mean_total(dice)), max(had, ceiling))
    return min(_shift_worth(g, c, g.drained.get(c, 0), now), 0.6)


def _heal(ctx: RulesContext, f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> None:
    faces, total, body = roll_effect(ctx, atk, profile.dice)
    stun_gain = max(min(total, g.ch.STUN - g.stun), 0)
    body_gain = max(min(body, g.ch.BODY - g.body), 0)
    g.stun += stun_gain
    g.body += body_gain
    g.healed_by = g.healed_by | {(f.id, atk.name)}
    woke = g.ko and g.stun > 0
    if woke:  # the state is whole before any event about it is seen
        g.ko = False
    ctx.emit(ev.Healed(actor=f.id, target=g.id, attack=atk.name, faces=faces, stun_gained=stun_gain,
                       body_gained=body_gain, stun=g.stun, body=g.body, stun_max=g.ch.STUN, body_max=g.ch.BODY))
    if woke:
        ctx.emit(ev.StatusChanged(actor=g.id, status="knocked out", active=False, why=f"healed to {g.stun} STUN"))


def _heal_worth(f: Fighter, g: Fighter, atk: HeroAttack, profile: DamageProfile) -> float:
    """The share of its fight a friend gets back (STUN and BODY, as the harm counts them), and
    half a fight more for one brought back from a knock-out."""
    if (f.id, atk.name) in g.healed_by or g.dead:
        return 0.0
    stun = min(mean_total(profile.dice), g.ch.STUN - g.stun)
    body = min(mean_body(profile.dice), g.ch.BODY - g.body)
    value = max(stun, 0) / max(g.ch.STUN, 1) + 2 * max(body, 0) / max(2 * g.ch.BODY, 1)
    if g.ko and mean_total(profile.dice) > -g.stun:
        value += 0.5
    return value


def readjust(ctx: RulesContext, g: Fighter) -> None:
    """``g``'s characteristics as its Drains and Aids leave them (:func:`.adjustment.adjusted`).
    A change gives ``g`` a memo of its own (the shared one holds the sheet's figures) and makes
    every fighter forget its estimates about ``g`` (they read its defenses) and ``g`` its own
    (they read its STR), keeping the rest (:attr:`.state.Fighter.expected`: in hero-arsenal,
    forgetting them all recomputed 44% of what the estimate takes through the defenses); a SPD
    change takes effect as an involuntary one does (rules §1.6: the next Phase comes in a
    Segment both SPDs share)."""
    base = g.sheet.characteristics
    changes = {c: adjustment.adjusted(c, getattr(base, c), g.drained.get(c, 0), g.aided.get(c, 0))
               for c in {*g.drained, *g.aided}}
    new = replace(base, **changes)
    if new == g.ch:
        return
    old = g.ch
    g.ch = new
    g.memo = {}
    for h in ctx.state.fighters.values():
        h.expected = {k: v for k, v in h.expected.items() if k[0] != g.id}  # replaced: a copy may share it
    g.expected = {}
    if new.SPD != old.SPD:
        change_spd(ctx, g.id, new.SPD)
    _pools_follow(ctx, g, old)


def _pools_follow(ctx: RulesContext, g: Fighter, old: Characteristics) -> None:
    """STUN, BODY and END now move with their maximum (:data:`.adjustment.POOLS`), never above it;
    a fall may knock out, leave dying or kill, as damage would."""
    new = g.ch
    g.stun = min(g.stun + new.STUN - old.STUN, new.STUN)
    g.end = max(min(g.end + new.END - old.END, new.END), 0)  # END never below 0 (what is short costs STUN)
    body_before = g.body
    g.body = min(g.body + new.BODY - old.BODY, new.BODY)
    if g.dead:
        return
    if new.BODY < old.BODY and is_dead(g.body, g.sheet.characteristics.BODY):
        die(ctx, g, f"a Drain took its BODY to {g.body}")
    elif new.STUN < old.STUN and not g.ko and is_knocked_out(g.stun, ctx.options.knockout):
        knock_out(ctx, g, f"a Drain took its STUN to {g.stun}")
    if g.body <= 0 < body_before and not g.dead:
        ctx.emit(ev.StatusChanged(actor=g.id, status="dying", active=True,
                                  why=f"BODY {g.body}: loses 1 BODY every Turn"))


def fade(ctx: RulesContext, g: Fighter) -> None:
    """After Segment 12: each Drain on ``g`` gives back 5 AP, each Aid to it loses 5 (rules-powers
    §3.4), but for those given Active Points this Turn (our reading of the moment: a full Turn
    after they came, as Foundry counts 12 seconds from the moment applied)."""
    fresh, g.fresh = g.fresh, frozenset()
    for power in ("drain", "aid"):
        for c in sorted(g.drained if power == "drain" else g.aided):
            if (power, c) in fresh:
                continue
            before = getattr(g.ch, c)
            left = _fade_pool(g, power, c)
            readjust(ctx, g)
            ctx.emit(ev.AdjustmentFaded(actor=g.id, power=power, characteristic=c, ap_left=left, before=before,
                                        value=getattr(g.ch, c)))


def _fade_pool(g: Fighter, power: str, c: str) -> int:
    """``g``'s Drain (or Aid) pool of characteristic ``c`` gives back (loses) its 5 AP; the AP left.
    The pool is gone at 0; the mapping is a new one (a fighter's mappings are never edited)."""
    pools = g.drained if power == "drain" else g.aided
    left = adjustment.faded(pools[c])
    pools = {k: (left if k == c else v) for k, v in pools.items() if k != c or left}
    if power == "drain":
        g.drained = pools
    else:
        g.aided = pools
    return left


def lose_sight(ctx: RulesContext, g: Fighter) -> None:
    """A Flash's Segments are over: ``g`` sees again."""
    g.blind_until = -1
    ctx.emit(ev.StatusChanged(actor=g.id, status="flashed", active=False, why="can see again"))


def regain_senses(ctx: RulesContext, g: Fighter, now: int) -> None:
    """The end of Segment ``now``: each sense group other than Sight whose Flash's Segments are
    over comes back to ``g`` (rules-powers §3.3: a Flash ends at the end of a Segment)."""
    over = sorted(group for group, until in g.flashed_senses.items() if until <= now)
    if not over:
        return
    g.flashed_senses = {k: v for k, v in g.flashed_senses.items() if k not in over}
    for group in over:
        ctx.emit(ev.StatusChanged(actor=g.id, status=senses.dulled_status(group), active=False,
                                  why=f"can {SENSE_VERBS[group]} again"))


def hit_words(g: Fighter, atk: HeroAttack, profile: DamageProfile) -> str:
    """What a hit of average dice does to ``g``, for the player's odds."""
    own = POWERS[atk.kind].words
    if own is not None:
        return own(g, atk, profile)
    dice = profile.dice
    if atk.kind == "entangle":
        return f"~{mean_body(dice) + max(dice.pip, 0):.0f} BODY Entangle, rPD/rED {dice.count + atk.entangle_defense}"
    if atk.kind == "flash":
        segments = max(mean_body(dice) - g.sheet.special().get(flash_defense(atk.sense), 0), 0)
        if atk.sense != "sight":
            return f"~{segments:.0f} Segments unable to {SENSE_VERBS[atk.sense]} (OCV and DCV as they were: it still sees)"
        return f"~{segments:.0f} Segments unable to see"
    c = atk.characteristic
    ap = max(round(mean_total(dice)) - g.sheet.special().get(POWER_DEFENSE, 0), 0)
    base = getattr(g.sheet.characteristics, c)
    now = getattr(g.ch, c)
    then = adjustment.adjusted(c, base, g.drained.get(c, 0) + ap, g.aided.get(c, 0))
    return f"~{ap} Active Points: {c} {now} -> {then}"


ENTANGLE = Power("entangle", "Entangle", "rules-powers §3.2", _entangle, _entangle_worth)
FLASH = Power("flash", "Flash", "rules-powers §3.3", _flash, _flash_worth)
DRAIN = Power("drain", "Drain", "rules-powers §3.4", _drain, _drain_worth)
AID = Power("aid", "Aid", "rules-powers §3.4", _aid, _aid_worth)
HEALING = Power("healing", "Healing", "rules-powers §3.4 (simplified Healing)", _heal, _heal_worth)

#: Every power whose hit is not damage, by its attack kind.
POWERS: dict[str, Power] = {p.kind: p for p in (ENTANGLE, FLASH, DRAIN, AID, HEALING, MIND_CONTROL,
                                                 MENTAL_ILLUSIONS, DARKNESS, IMAGES)}

__all__ = ["POWERS", "Power", "break_out", "break_out_worth", "fade", "hit_words", "lose_sight", "readjust",
           "regain_senses", "roll_effect"]
