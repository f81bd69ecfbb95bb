"""The HERO System 6e battle: the 12-Segment Speed Chart turn, the action menu, and the
resolution of each maneuver. This is the only HERO module that changes battle state; the
rules it applies come from the pure modules beside it.

Turn loop (per Segment): collect who has a Phase (Speed Chart) plus anyone holding one;
order by DEX, ties broken by a seeded 1d6 roll-off re-rolled every Segment (highest first;
rolled again among those still tied); run each Phase; then, at the end of the Segment,
land Haymakers, resolve Recovery actions, give Knocked-Out characters who had a Phase in
this Segment (but were not knocked out in it) their Recovery, and after Segment 12 run the
Post-Segment-12 step exactly once per Turn (dying characters lose 1 BODY, then everyone
recovers within the Recovery Time table). Combat begins in Segment 12 of Turn 1.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ..actions import Action, Choice, Decision
from ..errors import IllegalAction
from ..events import Moved
from ..grid import distance
from ..memo import SheetMemos
from ..vitals import Vitals
from . import events as ev
from . import stats
from .attack import AttackRoll, block_roll_needed, range_modifier
from .combat_values import CVChain, Modifier, build_cv
from .damage import Defenses, is_dead, is_knocked_out, is_stunned, roll_normal, take_damage
from .dice import DamageDice, active_points
from .endurance import movement_end, power_end, push_heroic, push_superheroic, str_end, stun_for_end_dice
from .knockback import impact_dice, knockback, knockback_dice
from .profile import build_profile
from .recovery import may_recover, recover
from .resolve import AttackContext, DamageOutcome, validate_attack_result, validate_damage_result
from .rounding import characteristic_roll
from .sheet import HeroAttack, HeroSheet, dump_options, dump_sheet, parse_options, parse_sheet
from .speed import has_phase, spd_change_resume
from .state import Fighter, HeroState, PendingHaymaker

HALF = Fraction(1, 2)
NO_ABORT = Action("none")
ABORT_RANGED = (NO_ABORT, Action("dodge"))  # an Abort offer's menu: go on, or Dodge
ABORT_HTH = (*ABORT_RANGED, Action("block"))  # ...or Block a hand-to-hand attack

# What each maneuver does to its user's DCV until its next Phase (6E1 maneuver table).
DODGE_DCV = (Modifier(4, "Dodge", 3),)
HAYMAKER_DCV = (Modifier(4, "Haymaker", -5),)
MOVE_THROUGH_DCV = (Modifier(4, "Move Through", -3),)
BRACE_DCV = (Modifier(7, "Brace", factor=HALF),)
MULTIPLE_ATTACK_DCV = (Modifier(7, "Multiple Attack", factor=HALF),)
# Conditions (6E1: a Stunned, recovering or prone character is at half DCV; knocked out, 0).
STUNNED_DCV = Modifier(7, "Stunned", factor=HALF)
RECOVERING_DCV = Modifier(7, "taking a Recovery", factor=HALF)
PRONE_DCV = Modifier(7, "prone", factor=HALF)
OUT_DCV = Modifier(7, "knocked out", factor=Fraction(0))
OUT_OCV = Modifier(8, "knocked out", factor=Fraction(0))
#: The maneuvers' DCV modifiers by identity: a DCV chain under one of them can be memoised.
_MANEUVER_DCV_KEYS = {id(t): n for n, t in (("dodge", DODGE_DCV), ("haymaker", HAYMAKER_DCV),
                                             ("move through", MOVE_THROUGH_DCV), ("brace", BRACE_DCV),
                                             ("multiple attack", MULTIPLE_ATTACK_DCV))}


class HeroSystem:
    name = "hero"
    title = "HERO System 6th Edition"
    time_unit = "turn"
    metres_per_cell = 2
    cell_unit = "m"
    damage_unit = "STUN"
    catalogue = stats.CATALOGUE
    tally = staticmethod(stats.tally)

    parse_options = staticmethod(parse_options)
    dump_options = staticmethod(dump_options)
    parse_sheet = staticmethod(parse_sheet)
    dump_sheet = staticmethod(dump_sheet)

    def __init__(self) -> None:
        self._memos = SheetMemos()

    def max_combatants(self) -> int:
        return 32

    # -- state --------------------------------------------------------------------------

    def new_state(self, battle: Any) -> HeroState:
        fighters: dict[str, Fighter] = {}
        for c in battle.scenario.combatants:
            ch = c.sheet.characteristics
            fighters[c.id] = Fighter(c.id, c.name, c.side, c.ai, c.sheet, c.position, ch.STUN, ch.BODY, ch.END, ch.SPD,
                                     memo=self._memos.for_sheet(c.sheet, battle.options))
        battle.rounds = 1
        return HeroState(fighters, battle.options)

    def able(self, battle: Any, cid: str) -> bool:
        return not battle.state.fighters[cid].out_of_fight(battle.options)

    def combatant_view(self, battle: Any, cid: str) -> Fighter:
        return battle.state.fighters[cid]

    def snapshot(self, battle: Any) -> dict[str, Any]:
        st: HeroState = battle.state
        out = {"turn": st.turn, "segment": st.segment, "combatants": []}
        for f in st.fighters.values():
            ch = f.ch
            out["combatants"].append({
                "id": f.id, "name": f.name, "side": f.side, "position": list(f.pos),
                "STUN": [f.stun, ch.STUN], "BODY": [f.body, ch.BODY], "END": [f.end, ch.END], "SPD": f.spd,
                "status": status_words(f),
            })
        return out

    def invariant_violations(self, battle: Any) -> list[str]:
        out = []
        for f in battle.state.fighters.values():
            ch = f.ch
            if f.stun > ch.STUN:
                out.append(f"{f.id}: STUN {f.stun} above its maximum {ch.STUN}")
            if not 0 <= f.end <= ch.END:
                out.append(f"{f.id}: END {f.end} outside 0..{ch.END}")
            if f.body > ch.BODY:
                out.append(f"{f.id}: BODY {f.body} above its maximum {ch.BODY}")
            if f.dead and (f.ko or f.stunned):
                out.append(f"{f.id}: dead yet also knocked out or stunned")
            if f.recovery_slipped and not f.stunned:
                out.append(f"{f.id}: a Stunned recovery slipped, yet it is not Stunned")
            if f.ko and f.stun >= 0 and battle.options.knockout == "below-zero" and f.stun > 0:
                out.append(f"{f.id}: knocked out with {f.stun} STUN")
            if not battle.grid.open(f.pos):
                out.append(f"{f.id}: standing in a wall or off the map at {f.pos}")
        cells = [f.pos for f in battle.state.fighters.values() if not f.dead]
        if len(cells) != len(set(cells)):
            out.append("two combatants share a cell")
        return out

    def vitals(self, battle: Any, cid: str) -> Vitals:
        f: Fighter = battle.state.fighters[cid]
        ch = f.ch
        health = max(min(f.stun / ch.STUN, f.body / ch.BODY), 0.0)
        return Vitals(f.id, f.name, f.side, f.pos, not f.out_of_fight(battle.options), not f.dead, health,
                      max(f.end / ch.END, 0.0) if ch.END else 1.0, f.stunned, tuple(status_words(f)),
                      self._cells(f, True))

    def estimate(self, battle: Any, actor: str, action: Action) -> float:
        """P(hit) x mean STUN taken / the target's STUN left (BODY counted for Killing attacks).
        A push (``action.push``) counts as allowed, up to 10 points, within the doubling cap."""
        st: HeroState = battle.state
        f = st.fighters[actor]
        if action.kind == "multiple-attack":
            total, p_chain = 0.0, 1.0
            for i, (an, tid) in enumerate(zip(action.attacks, action.targets)):
                extra = (Modifier(4, "Multiple Attack", -2 * i),) if i else ()
                p, value = self._estimate_one(battle, f, st.fighters[tid], f.attack(an), "multiple attack",
                                              action.levels, extra, half_dcv=True, push=action.push if i == 0 else 0)
                p_chain *= p
                total += p_chain * value
            return total
        if action.kind not in ("attack", "move-through") or not action.target:
            return 0.0
        g = st.fighters[action.target]
        p, value = self._estimate_one(battle, f, g, f.attack(action.attack), action.maneuver, action.levels,
                                      push=action.push)
        if action.maneuver == "haymaker" and not (g.stunned or g.ko):
            value *= 0.5  # a target that can still act may be out of reach when the blow lands
        return p * value

    def _estimate_one(self, battle: Any, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, levels: str,
                      extra: tuple[Modifier, ...] = (), half_dcv: bool = False, push: int = 0) -> tuple[float, float]:
        opts = battle.options
        ocv = self.ocv_chain(battle, f, atk, g, maneuver, levels, extra).value
        dcv = self.dcv_chain(battle, g).value
        p = hit_chance(11 + ocv - dcv)
        profile = self._profile(opts, f, atk, maneuver, levels, min(push, 10),  # as if the push is allowed (at most 10)
                                distance(f.pos, g.pos) * self.metres_per_cell if maneuver == "move through" else 0)
        d = profile.dice
        n = d.count + (0.5 if d.half else 0)
        defs = self._defenses(g, atk.defense)
        if atk.kind == "killing":
            body = 3.5 * n + d.pip + profile.flat_body
            mult = 2.0 if opts.stun_multiplier == "half-d6" else 16 / 6
            stun = body * (mult + atk.stun_multiplier_bonus)
            body_taken = max(body - defs.resistant, 0)
            stun_taken = stun if defs.resistant == 0 else max(stun - defs.normal - defs.resistant, 0)
        else:
            stun = 3.5 * n + d.pip + profile.flat_stun
            body = n if atk.does_body else 0
            if atk.kind == "nnd":
                has = defs.special.get(atk.defense, 0) > 0
                stun_taken, body_taken = (0.0, 0.0) if has else (stun, body)
            elif atk.kind == "avld":
                v = defs.special.get(atk.defense, 0)
                stun_taken, body_taken = max(stun - v, 0), max(body - v, 0)
            else:
                total = defs.normal + defs.resistant
                stun_taken, body_taken = max(stun - total, 0), max(body - total, 0)
        if g.ko:
            stun_taken *= 2
        value = stun_taken / max(g.stun, 1) + 2 * body_taken / max(g.body + g.ch.BODY, 1)
        return p, value

    # -- the turn loop -------------------------------------------------------------------

    def next_decision(self, battle: Any) -> Decision | None:
        st: HeroState = battle.state
        able = lambda cid: not st.fighters[cid].out_of_fight(st.options)  # noqa: E731
        while True:
            if battle.check_end(able):
                return None
            if st.queue is None:
                self._begin_segment(battle)
            while st.queue:
                fid = st.queue.pop(0)
                decision = self._open_phase(battle, fid)
                if decision is not None:
                    return decision
                if battle.check_end(able):
                    return None
            self._end_segment(battle)

    def _begin_segment(self, battle: Any) -> None:
        st: HeroState = battle.state
        now = st.abs_segment
        natural: list[Fighter] = []
        for f in st.fighters.values():
            if f.dead or not has_phase(f.spd, st.segment):
                continue
            if f.resume_at and now < f.resume_at:
                continue
            f.resume_at = 0
            natural.append(f)
        st.natural = {f.id for f in natural}
        actors = [f for f in natural if not f.out_of_fight(st.options)]
        for f in st.fighters.values():
            if f.held and f.id not in st.natural and not f.out_of_fight(st.options):
                actors.append(f)
        order, ties = self._dex_order(battle, actors)
        st.queue = [f.id for f in order]
        battle.emit(ev.SegmentStarted(st.turn, st.segment, tuple(st.queue), ties))

    def _dex_order(self, battle: Any, actors: list[Fighter]) -> tuple[list[Fighter], tuple[tuple[str, int], ...]]:
        """Highest DEX first; equal DEX is settled by a 1d6 roll-off, re-rolled among those still tied."""
        by_dex: dict[int, list[Fighter]] = {}
        for f in actors:
            by_dex.setdefault(f.ch.DEX, []).append(f)
        order: list[Fighter] = []
        ties: list[tuple[str, int]] = []
        for dex in sorted(by_dex, reverse=True):
            group = by_dex[dex]
            if len(group) == 1:
                order.extend(group)
                continue
            order.extend(self._roll_off(battle, group, ties))
        return order, tuple(ties)

    def _roll_off(self, battle: Any, group: list[Fighter], ties: list[tuple[str, int]]) -> list[Fighter]:
        rolls = {}
        for f in group:
            rolls[f.id] = battle.dice.roll(6, "dex tie-break")
            ties.append((f.id, rolls[f.id]))
        out: list[Fighter] = []
        for value in sorted(set(rolls.values()), reverse=True):
            same = [f for f in group if rolls[f.id] == value]
            out.extend(same if len(same) == 1 else self._roll_off(battle, same, ties))
        return out

    def _open_phase(self, battle: Any, fid: str) -> Decision | None:
        st: HeroState = battle.state
        f = st.fighters[fid]
        if f.out_of_fight(st.options):
            return None
        now = st.abs_segment
        natural = fid in st.natural and f.held_requeued_at != now
        if natural:
            f.phases += 1
            if f.haymaker is not None:
                # Checked before the maneuver modifiers reset: the blow has not landed, so its
                # -5 DCV stays until the first Phase after it lands.
                battle.emit(ev.PhaseSkipped(fid, "still winding up a Haymaker"))
                return None
            spent = f.aborted
            if not spent:  # a Phase spent Aborting keeps its Dodge or Block to the end of the Segment
                self._drop_defensive_action(f)
            f.braced = f.recovering = f.half_used = False
            f.csl_dcv = 0
            if f.held:
                f.held = False
                battle.emit(ev.StatusChanged(fid, "holding", False, "its next Phase arrived: the held Phase is lost"))
            if spent:
                f.aborted = False
                f.abort_lapses_at = now  # rules §1.5: the abort clears once this Segment ends (_end_segment)
                battle.emit(ev.PhaseSkipped(fid, "this Phase was spent earlier by Aborting"))
                return None
            if f.stunned:
                if f.recovery_slipped:
                    f.recovery_slipped = False
                    battle.emit(ev.PhaseSkipped(fid, "still Stunned: it was hurt again before it could recover, "
                                                     "so recovery slips to its next Phase"))
                    return None
                f.stunned = False
                battle.emit(ev.StatusChanged(fid, "stunned", False, "spent this Phase recovering from being Stunned"))
                return None
            if f.prone:
                f.prone = False
                f.half_used = True
                battle.emit(ev.StatusChanged(fid, "prone", False, "stood up (a half Phase)"))
        elif not f.held:
            return None
        battle.emit(ev.PhaseStarted(fid, st.turn, st.segment, f.stun, f.body, f.end, held=not natural))
        return Decision(fid, tuple(self.menu(battle, f)), f.ai, "phase",
                        f"Turn {st.turn}, Segment {st.segment}" + (" (held Phase)" if not natural else ""))

    @staticmethod
    def _drop_defensive_action(f: Fighter) -> None:
        f.dodging = f.blocking = False
        f.blocks_made = 0
        f.maneuver_dcv = ()

    def _end_segment(self, battle: Any) -> None:
        st: HeroState = battle.state
        now = st.abs_segment
        for f in list(st.fighters.values()):
            if f.haymaker is not None and f.haymaker.lands_at == now:
                self._land_haymaker(battle, f)
        for f in st.fighters.values():  # after the Haymakers: they land within the Segment
            if f.abort_lapses_at == now:
                f.abort_lapses_at = -1
                self._drop_defensive_action(f)
        for fid in st.recovering_now:
            f = st.fighters[fid]
            if not (f.ko or f.dead or f.stunned):
                self._recover(battle, f, "Recovery action")
        st.recovering_now.clear()
        for fid in sorted(st.natural, key=lambda i: list(st.fighters).index(i)):
            f = st.fighters[fid]
            if f.ko and not f.dead and f.ko_at != now and may_recover(f.stun, "phase", st.turn, st.options.deep_ko):
                self._recover(battle, f, "knocked out: Recovery in its Phase")
        if st.segment == 12:
            self._post_segment_12(battle)
            st.turn += 1
            st.segment = 1
            battle.rounds = st.turn
        else:
            st.segment += 1
        st.queue = None

    def _post_segment_12(self, battle: Any) -> None:
        st: HeroState = battle.state
        if st.turn in st.post12_done:  # pragma: no cover - guarded invariant
            raise RuntimeError(f"Post-Segment-12 Recovery ran twice in Turn {st.turn}")
        st.post12_done.add(st.turn)
        battle.emit(ev.PostSegment12(st.turn))
        for f in st.fighters.values():
            if f.dead:
                continue
            if f.body <= 0:
                f.body -= 1
                battle.emit(ev.BodyLost(f.id, f.body))
                if is_dead(f.body, f.ch.BODY):
                    self._die(battle, f, "lost its last BODY while dying")
                    continue
            if f.pending_spd:
                self._apply_spd(battle, f, f.pending_spd, True)
            if f.ko and not may_recover(f.stun, "post-12", st.turn, st.options.deep_ko):
                continue
            self._recover(battle, f, "Post-Segment 12 Recovery")

    def _recover(self, battle: Any, f: Fighter, why: str) -> None:
        ch = f.ch
        r = recover(f.stun, f.end, ch.REC, ch.STUN, ch.END, knocked_out=f.ko)
        gained_s, gained_e = r.stun - f.stun, r.end - f.end
        f.stun, f.end = r.stun, r.end
        if r.woke:
            f.ko = False  # the state is whole before any event about it is seen
        battle.emit(ev.Recovered(f.id, gained_s, gained_e, f.stun, f.end, why))
        if r.woke:
            battle.emit(ev.StatusChanged(f.id, "knocked out", False, f"woke up with {f.stun} STUN; END set equal to STUN"))

    # -- SPD changes -------------------------------------------------------------------

    def change_spd(self, battle: Any, fid: str, new: int, voluntary: bool = False) -> None:
        """Change a character's SPD. A voluntary change waits for the end of the Turn; an
        involuntary one (a Drain, say) applies now, and the character next acts in a Segment
        that is a Phase for both the old and the new SPD."""
        f = battle.state.fighters[fid]
        if voluntary:
            f.pending_spd = new
            return
        self._apply_spd(battle, f, new, False)

    def _apply_spd(self, battle: Any, f: Fighter, new: int, voluntary: bool) -> None:
        st: HeroState = battle.state
        old = f.spd
        f.pending_spd = 0
        f.spd = new
        if voluntary:
            f.resume_at = 0
            nxt = st.abs_segment + 1
        else:
            nxt = spd_change_resume(old, new, st.abs_segment) or 0
            f.resume_at = nxt
        turn, seg = (nxt - 1) // 12 + 1, (nxt - 1) % 12 + 1
        battle.emit(ev.SpdChanged(f.id, old, new, voluntary, turn, seg))

    # -- the menu ----------------------------------------------------------------------

    def _occupied(self, st: HeroState, f: Fighter) -> set[tuple[int, int]]:
        return {g.pos for g in st.fighters.values() if g is not f and not g.dead}

    def _cells(self, f: Fighter, full: bool) -> int:
        metres = f.sheet.running if full else f.sheet.running // 2
        return metres // self.metres_per_cell

    def _walk_to(self, battle: Any, f: Fighter, g: Fighter, cache: dict | None) -> list | None:
        """The shortest walk that ends next to ``g`` within a full move (None beyond it); one
        search per target per Phase, shared by every attack on the menu."""
        if cache is not None and g.id in cache:
            return cache[g.id]
        path = battle.grid.path(f.pos, g.pos, self._occupied(battle.state, f), stop_adjacent=True,
                                limit=self._cells(f, True))
        if cache is not None:
            cache[g.id] = path
        return path

    def _hth_path(self, battle: Any, f: Fighter, g: Fighter, cells: int, cache: dict | None = None) -> list | None:
        """The walk that ends next to ``g`` within ``cells`` ([] if adjacent, None if out of reach)."""
        if distance(f.pos, g.pos) <= 1:
            return []
        if cells <= 0 or distance(f.pos, g.pos) > cells + 1:
            return None
        path = self._walk_to(battle, f, g, cache)
        if path is None or len(path) > cells:
            return None
        return path

    def _hth_steps(self, battle: Any, f: Fighter, g: Fighter, cells: int, occupied: set) -> int | None:
        """How many cells ``f`` must walk to strike ``g`` within ``cells`` (0 if adjacent, None
        if out of reach): :meth:`_hth_path`'s length, for the menu, which needs no cells."""
        if cells <= 0:
            return 0 if distance(f.pos, g.pos) <= 1 else None
        return battle.grid.steps_next_to(f.pos, g.pos, occupied, cells)

    def _in_range(self, battle: Any, f: Fighter, g: Fighter, atk: HeroAttack) -> bool:
        return distance(f.pos, g.pos) * self.metres_per_cell <= atk.range_m and battle.grid.line_of_sight(f.pos, g.pos)

    def menu(self, battle: Any, f: Fighter) -> list[Action]:
        """Every action legal for ``f`` now (push and CSL use are chosen on top of these)."""
        st: HeroState = battle.state
        foes = [g for g in st.fighters.values() if g.side != f.side and not g.dead]
        half_cells = 0 if f.half_used else self._cells(f, False)
        full_phase = not f.half_used
        out: list[Action] = []
        still: dict[str, list[str]] = {}  # attacks usable without moving, by target
        occupied = self._occupied(st, f)
        walks: dict[tuple[str, int], int | None] = {}  # steps to each foe, by (foe, cells allowed)
        for atk in f.sheet.attacks:
            for g in foes:
                if atk.hth:
                    steps = walks.get((g.id, half_cells), -1)
                    if steps == -1:
                        steps = walks[(g.id, half_cells)] = self._hth_steps(battle, f, g, half_cells, occupied)
                    if steps is not None:
                        out.append(Action("attack", atk.name, g.id, "strike"))
                        out.append(Action("attack", atk.name, g.id, "haymaker"))
                        if not steps:
                            still.setdefault(g.id, []).append(atk.name)
                    if full_phase and atk.uses_str_only and distance(f.pos, g.pos) > 1:
                        full = self._cells(f, True)
                        steps = walks.get((g.id, full), -1)
                        if steps == -1:
                            steps = walks[(g.id, full)] = self._hth_steps(battle, f, g, full, occupied)
                        if steps:
                            out.append(Action("move-through", atk.name, g.id, "move through"))
                elif self._in_range(battle, f, g, atk):
                    out.append(Action("attack", atk.name, g.id, "strike"))
                    out.append(Action("attack", atk.name, g.id, "brace"))
                    if full_phase:
                        out.append(Action("attack", atk.name, g.id, "set"))
                    still.setdefault(g.id, []).append(atk.name)
        if full_phase:
            out.extend(self._multiple_attacks(f, still))
        for g in foes:
            if distance(f.pos, g.pos) > 1 and not g.out_of_fight(st.options) and battle.grid.connected(f.pos, g.pos):
                out.append(Action("move", target=g.id))
        threats = [g for g in foes if not g.out_of_fight(st.options)]
        if threats:
            nearest = min(threats, key=lambda g: (distance(f.pos, g.pos), g.id))
            if battle.grid.step_away(f.pos, nearest.pos, 1, self._occupied(st, f)):
                out.append(Action("retreat", target=nearest.id))
        out.append(Action("dodge"))
        out.append(Action("block"))
        if full_phase:
            out.append(Action("recover"))
        out.append(Action("hold"))
        return out

    def _multiple_attacks(self, f: Fighter, still: dict[str, list[str]]) -> list[Action]:
        out: list[Action] = []
        by_attack: dict[str, list[str]] = {}
        for tid, names in still.items():
            for n in names:
                by_attack.setdefault(n, []).append(tid)
            if len(names) >= 2:
                out.append(Action("multiple-attack", attacks=(names[0], names[1]), targets=(tid, tid), maneuver="multiple attack"))
        for n, tids in by_attack.items():
            tids = sorted(tids)
            for i in range(len(tids)):
                for j in range(i + 1, len(tids)):
                    out.append(Action("multiple-attack", attacks=(n, n), targets=(tids[i], tids[j]), maneuver="multiple attack"))
        return out[:24]

    def check(self, battle: Any, decision: Decision, action: Action) -> None:
        st: HeroState = battle.state
        f = st.fighters[decision.actor]
        base = replace(action, push=0, levels="")
        if action.push < 0 or action.push > 20:
            raise IllegalAction(f"push must be 0 to 20 Character Points, not {action.push}")
        if action.push and action.kind not in ("attack", "move-through", "multiple-attack"):
            raise IllegalAction("only attacks can be pushed")
        if action.levels not in ("", "ocv", "dcv", "damage"):
            raise IllegalAction(f"combat skill levels go to 'ocv', 'dcv' or 'damage', not {action.levels!r}")
        if action.levels and f.sheet.csl == 0:
            raise IllegalAction(f"{f.name} has no combat skill levels")
        if action.kind == "move" and action.destination is not None and decision.kind == "phase":
            cells = self._cells(f, not f.half_used)
            dest = action.destination
            if not battle.grid.open(dest):
                raise IllegalAction(f"{dest} is not an open cell of the map")
            if dest in self._occupied(st, f):
                raise IllegalAction(f"{dest} is taken by another combatant")
            path = battle.grid.path(f.pos, dest, self._occupied(st, f), limit=cells)
            if path is None or len(path) > cells:
                raise IllegalAction(f"{dest} is beyond {f.name}'s {cells * self.metres_per_cell} m of movement this Phase")
            return
        if base in decision.menu:
            return
        raise IllegalAction(self._explain(battle, f, base, decision))

    def _explain(self, battle: Any, f: Fighter, a: Action, decision: Decision) -> str:
        st: HeroState = battle.state
        if decision.kind == "abort":
            return f"when Aborting only these are possible: {', '.join(x.label() for x in decision.menu)}"
        for tid in (a.target, *a.targets):
            if tid and tid not in st.fighters:
                return f"there is no combatant {tid!r}"
        names = {x.name for x in f.sheet.attacks}
        for an in (a.attack, *a.attacks):
            if an and an not in names:
                return f"{f.name} has no attack named {an!r} (has: {', '.join(sorted(names))})"
        if a.target and a.attack:
            g = st.fighters[a.target]
            atk = f.attack(a.attack)
            if g.side == f.side:
                return f"{g.name} is on {f.name}'s own side"
            if g.dead:
                return f"{g.name} is dead"
            d = distance(f.pos, g.pos) * self.metres_per_cell
            if atk.hth and a.maneuver in ("set", "brace"):
                return f"{a.maneuver.capitalize()} is for ranged attacks; {atk.name} is hand-to-hand"
            if atk.hth:
                return f"{g.name} is {d} m away: too far to reach with a half move and strike"
            if d > atk.range_m:
                return f"{g.name} is {d} m away; {atk.name} reaches {atk.range_m} m"
            if not battle.grid.line_of_sight(f.pos, g.pos):
                return f"an obstacle blocks the line of sight to {g.name}"
        if f.half_used and (a.kind in ("recover", "multiple-attack", "move-through") or a.maneuver == "set"):
            return "only half a Phase is left (standing up took the other half)"
        return f"{a.label()} is not possible now"

    # -- carrying out a choice ----------------------------------------------------------

    def perform(self, battle: Any, decision: Decision, choice: Choice) -> None:
        st: HeroState = battle.state
        f = st.fighters[decision.actor]
        a = choice.action
        if a.kind != "hold":
            f.held = False
        if a.levels == "dcv":
            f.csl_dcv = f.sheet.csl
        kind = a.kind
        if kind == "attack":
            self._do_attack(battle, f, a)
        elif kind == "move-through":
            self._do_move_through(battle, f, a)
        elif kind == "multiple-attack":
            self._do_multiple(battle, f, a)
        elif kind == "move":
            cells = self._cells(f, not f.half_used)
            if a.destination is not None:
                path = battle.grid.path(f.pos, a.destination, self._occupied(st, f), limit=cells) or []
                self._move(battle, f, path, "moves")
            else:
                g = st.fighters[a.target]
                self._move(battle, f, self._toward(battle, f, g)[:cells], f"moves toward {g.name}")
        elif kind == "retreat":
            g = st.fighters[a.target]
            path = battle.grid.step_away(f.pos, g.pos, self._cells(f, not f.half_used), self._occupied(st, f))
            self._move(battle, f, path, f"falls back from {g.name}")
        elif kind == "dodge":
            f.dodging = True
            f.maneuver_dcv = DODGE_DCV
            battle.emit(ev.DefenseTaken(f.id, "dodge", self.dcv_chain(battle, f).value))
        elif kind == "block":
            f.blocking = True
            f.blocks_made = 0
            battle.emit(ev.DefenseTaken(f.id, "block", self.dcv_chain(battle, f).value))
        elif kind == "recover":
            f.recovering = True
            st.recovering_now.append(f.id)
            battle.emit(ev.DefenseTaken(f.id, "recovery", self.dcv_chain(battle, f).value))
        elif kind == "hold":
            f.held = True
            if f.held_requeued_at != st.abs_segment and st.queue is not None:
                f.held_requeued_at = st.abs_segment
                st.queue.append(f.id)
            battle.emit(ev.StatusChanged(f.id, "holding", True, "holds its Phase"))

    def _toward(self, battle: Any, f: Fighter, g: Fighter) -> list:
        """The way toward ``g``: around people if possible, else up to the first one in the way."""
        occupied = self._occupied(battle.state, f)
        path = battle.grid.route(f.pos, g.pos, occupied)
        if path is None:
            around = battle.grid.route(f.pos, g.pos) or []
            path = []
            for c in around:
                if c in occupied:
                    break
                path.append(c)
        return path

    def _move(self, battle: Any, f: Fighter, path: list, why: str) -> int:
        if not path:
            return 0
        start = f.pos
        f.pos = path[-1]
        metres = len(path) * self.metres_per_cell
        battle.emit(Moved(f.id, start, f.pos, metres, "m", why))
        self._spend_end(battle, f, movement_end(metres), "movement")
        return metres

    def _spend_end(self, battle: Any, f: Fighter, cost: int, what: str) -> None:
        """Pay END; what cannot be paid costs 1d6 STUN (no defense) per 2 END, or fraction."""
        if cost <= 0:
            return
        dice = stun_for_end_dice(cost, f.end) if cost > f.end else 0
        paid = cost if dice == 0 else max(f.end, 0)
        f.end -= paid
        battle.emit(ev.EnduranceSpent(f.id, paid, f.end, what))
        if dice:
            faces = battle.dice.rolls(dice, 6, "stun for end")
            stun = sum(faces)
            f.stun -= stun
            battle.emit(ev.StunForEnd(f.id, cost - paid, faces, stun, f.stun))
            if not f.ko and is_knocked_out(f.stun, battle.options.knockout):
                self._knock_out(battle, f, "spent STUN for END")

    def attack_end(self, f: Fighter, atk: HeroAttack, campaign: str, str_rule: str) -> int:
        """END for one use: the attack's own (given, or 1 per 10 Active Points) plus STR used."""
        key = ("end", atk.name, campaign, str_rule)
        end = f.memo.get(key)
        if end is None:
            end = f.memo[key] = attack_end(atk, f.ch.STR, campaign, str_rule)
        return end

    def _profile(self, opts: Any, f: Fighter, atk: HeroAttack, maneuver: str, levels: str, push: int,
                 velocity_m: int) -> Any:
        """The dice ``f`` rolls with ``atk`` (see :func:`build_profile`), worked out once per battle."""
        csl = f.sheet.csl if levels == "damage" else 0
        key = ("profile", atk.name, maneuver, push // 5, csl, velocity_m // 6)
        profile = f.memo.get(key)
        if profile is None:
            profile = f.memo[key] = build_profile(
                atk, f.ch.STR, opts, haymaker=(maneuver == "haymaker"), push_dcs=push // 5, csl_for_damage=csl,
                velocity_dcs=velocity_m // 6 if maneuver == "move through" else 0,
                move_through=(maneuver == "move through"))
        return profile

    def _push(self, battle: Any, f: Fighter, atk: HeroAttack, wanted: int) -> int:
        if wanted <= 0:
            return 0
        opts = battle.options
        if opts.campaign == "heroic" or opts.push_roll_superheroic:
            faces = battle.dice.rolls(3, 6, "push")
            res = push_heroic(wanted, (faces[0], faces[1], faces[2]), characteristic_roll(f.ch.EGO))
            if opts.campaign != "heroic" and res.success:
                res = replace(res, allowed=min(wanted, 10))
        else:
            points = int(atk.active_points or active_points(atk.dice, atk.kind) or f.ch.STR)
            res = push_superheroic(wanted, points)
        battle.emit(ev.Pushed(f.id, wanted, res.allowed, res.roll, res.needed, res.success))
        return res.allowed

    # -- combat values -----------------------------------------------------------------

    def ocv_chain(self, battle: Any, f: Fighter, atk: HeroAttack, target: Fighter, maneuver: str,
                  levels: str, extra: tuple[Modifier, ...] = ()) -> CVChain:
        """``f``'s OCV with ``atk`` against ``target``. The chain depends on the sheet, the
        maneuver, the range and the ``extra`` modifiers only (unless a knock-out changes it),
        so it is built once for each such case: the AI asks for it for every option."""
        if f.ko or f.dead:
            return self._build_ocv(f, atk, target, maneuver, levels, extra)
        metres = 0 if atk.hth else distance(f.pos, target.pos) * self.metres_per_cell
        key = ("ocv", atk.name, maneuver, levels, metres, extra)
        chain = f.memo.get(key)
        if chain is None:
            chain = f.memo[key] = self._build_ocv(f, atk, target, maneuver, levels, extra)
        return chain

    def _build_ocv(self, f: Fighter, atk: HeroAttack, target: Fighter, maneuver: str, levels: str,
                   extra: tuple[Modifier, ...]) -> CVChain:
        mods: list[Modifier] = []
        if f.sheet.csl and levels in ("", "ocv"):
            mods.append(Modifier(2, "combat skill levels", f.sheet.csl))
        if atk.ocv:
            mods.append(Modifier(3, atk.name, atk.ocv))
        if atk.str_min and f.ch.STR < atk.str_min:
            short = atk.str_min - f.ch.STR
            mods.append(Modifier(3, f"below STR Minimum {atk.str_min}", -((short + 4) // 5)))
        if maneuver == "set":
            mods.append(Modifier(4, "Set", 1))
        mods.extend(extra)
        if not atk.hth:
            metres = distance(f.pos, target.pos) * self.metres_per_cell
            rmod = range_modifier(metres)
            if rmod:
                mods.append(Modifier(6, f"range {metres} m", rmod))
                if maneuver == "brace":
                    mods.append(Modifier(6, "Brace", min(2, -rmod)))
        if f.ko or f.dead:
            mods.append(OUT_OCV)
        return build_cv("OCV", f.ch.OCV, mods)

    def dcv_chain(self, battle: Any, g: Fighter) -> CVChain:
        """``g``'s DCV now; built once for each combination of maneuver and conditions."""
        maneuver = _MANEUVER_DCV_KEYS.get(id(g.maneuver_dcv), "?") if g.maneuver_dcv else ""
        if maneuver == "?":  # modifiers the engine did not make (a test's or a plugin's): not memoised
            return self._build_dcv(g)
        key = ("dcv", maneuver, g.csl_dcv, g.stunned, g.recovering, g.prone, g.ko or g.dead)
        chain = g.memo.get(key)
        if chain is None:
            chain = g.memo[key] = self._build_dcv(g)
        return chain

    def _build_dcv(self, g: Fighter) -> CVChain:
        mods: list[Modifier] = []
        if g.csl_dcv:
            mods.append(Modifier(2, "combat skill levels", g.csl_dcv))
        if g.maneuver_dcv:
            mods.extend(m for m in g.maneuver_dcv if m.factor is None)
        if g.stunned:
            mods.append(STUNNED_DCV)
        if g.recovering:
            mods.append(RECOVERING_DCV)
        if g.prone:
            mods.append(PRONE_DCV)
        if g.maneuver_dcv:
            mods.extend(m for m in g.maneuver_dcv if m.factor is not None)
        if g.ko or g.dead:
            mods.append(OUT_DCV)
        return build_cv("DCV", g.ch.DCV, mods)

    # -- attacks -----------------------------------------------------------------------

    def _do_attack(self, battle: Any, f: Fighter, a: Action) -> None:
        st: HeroState = battle.state
        g = st.fighters[a.target]
        atk = f.attack(a.attack)
        if atk.hth:
            path = self._hth_path(battle, f, g, 0 if f.half_used else self._cells(f, False)) or []
            self._move(battle, f, path, f"closes in on {g.name}")
        if a.maneuver == "haymaker":
            lands = st.abs_segment + 1
            f.haymaker = PendingHaymaker(g.id, atk.name, lands, a.push, a.levels)
            f.maneuver_dcv = HAYMAKER_DCV
            battle.emit(ev.HaymakerWindup(f.id, g.id, atk.name, (lands - 1) // 12 + 1, (lands - 1) % 12 + 1))
            return
        if a.maneuver == "brace":
            f.braced = True
            f.maneuver_dcv = BRACE_DCV
        self.resolve_attack(battle, f, g, atk, a.maneuver, push=a.push, levels=a.levels)

    def _land_haymaker(self, battle: Any, f: Fighter) -> None:
        st: HeroState = battle.state
        h = f.haymaker
        assert h is not None
        f.haymaker = None
        g = st.fighters[h.target]
        why = ""
        if f.out_of_fight(st.options) or f.stunned:
            why = f"{f.name} is no longer able to throw it"
        elif g.dead:
            why = f"{g.name} is already dead"
        elif f.attack(h.attack).hth and distance(f.pos, g.pos) > 1:
            why = f"{g.name} is out of reach"
        if why:
            battle.emit(ev.HaymakerFizzled(f.id, g.id, why))
            return
        self.resolve_attack(battle, f, g, f.attack(h.attack), "haymaker", push=h.push, levels=h.levels)

    def _do_move_through(self, battle: Any, f: Fighter, a: Action) -> None:
        st: HeroState = battle.state
        g = st.fighters[a.target]
        atk = f.attack(a.attack)
        path = self._hth_path(battle, f, g, self._cells(f, True)) or []
        metres = self._move(battle, f, path, f"charges at {g.name}")
        f.maneuver_dcv = MOVE_THROUGH_DCV
        ocv = (Modifier(4, f"Move Through at {metres} m", -(metres // 10)),) if metres >= 10 else ()
        outcome = self.resolve_attack(battle, f, g, atk, "move through", push=a.push, levels=a.levels,
                                      velocity_m=metres, extra_ocv=ocv)
        if outcome is not None and outcome[1] is not None and not f.dead:
            dmg, moved = outcome[1], outcome[2]
            share = "half" if moved else "all"
            stun = dmg.roll.stun // 2 if moved else dmg.roll.stun
            body = dmg.roll.body // 2 if moved else dmg.roll.body
            self._self_damage(battle, f, stun, body, f"Move Through: takes {share} of the damage it rolled")

    def _self_damage(self, battle: Any, f: Fighter, stun: int, body: int, why: str) -> None:
        from .damage import DamageRoll

        roll = DamageRoll("normal", "", (), stun, body)
        taken = take_damage(roll, self._defenses(f, "PD"), "", battle.options.minimum_stun)
        battle.emit(ev.DamageRolled(f.id, f.id, why, "normal", "", "", (), False, (), stun, body, 0, 0))
        self._apply(battle, f, roll, taken, why)

    def _do_multiple(self, battle: Any, f: Fighter, a: Action) -> None:
        st: HeroState = battle.state
        f.maneuver_dcv = MULTIPLE_ATTACK_DCV
        for i, (an, tid) in enumerate(zip(a.attacks, a.targets)):
            g = st.fighters[tid]
            extra = (Modifier(4, "Multiple Attack", -2 * i),) if i else ()
            res = self.resolve_attack(battle, f, g, f.attack(an), "multiple attack", push=a.push if i == 0 else 0,
                                      levels=a.levels, extra_ocv=extra)
            if res is None or not res[0].hit or f.out_of_fight(st.options):
                if i + 1 < len(a.attacks):
                    battle.emit(ev.PhaseSkipped(f.id, "Multiple Attack sequence ends at the first miss"))
                break

    def _defenses(self, g: Fighter, which: str) -> Defenses:
        key = ("defenses", which)
        defs = g.memo.get(key)
        if defs is None:
            defs = g.memo[key] = defenses_of(g.sheet, which)
        return defs

    def _offer_abort(self, battle: Any, g: Fighter, f: Fighter, atk: HeroAttack) -> None:
        if g.out_of_fight(battle.options) or g.stunned or g.aborted or g.dodging or g.blocking or g.haymaker:
            return
        menu = ABORT_HTH if atk.hth else ABORT_RANGED
        d = Decision(g.id, menu, g.ai, "abort", f"{f.name} attacks {g.name} with {atk.name}")
        choice = battle.ask(d)
        if choice.action.kind == "none":
            return
        uses_held = g.held
        if uses_held:
            g.held = False
        else:
            g.aborted = True
        if choice.action.kind == "dodge":
            g.dodging = True
            g.maneuver_dcv = DODGE_DCV
        else:
            g.blocking = True
            g.blocks_made = 0
        battle.emit(ev.Aborted(g.id, choice.action.kind, f.id, uses_held))

    def resolve_attack(self, battle: Any, f: Fighter, g: Fighter, atk: HeroAttack, maneuver: str, *,
                       push: int = 0, levels: str = "", velocity_m: int = 0,
                       extra_ocv: tuple[Modifier, ...] = ()) -> tuple[AttackRoll, DamageOutcome | None, bool] | None:
        """One attack from ``f`` on ``g``: Abort chance, END, pushing, Block, attack step,
        damage step, then the effects. Returns (roll, damage, target moved) or None if blocked."""
        opts = battle.options
        battle.state.attacks += 1
        self._offer_abort(battle, g, f, atk)
        allowed_push = self._push(battle, f, atk, push)
        self._spend_end(battle, f, self.attack_end(f, atk, opts.campaign, opts.str_end) + allowed_push,
                        f"{atk.name} (pushed {allowed_push})" if allowed_push else atk.name)
        if f.out_of_fight(opts):
            return None
        if g.blocking and atk.hth:
            needed = block_roll_needed(g.ch.OCV, f.ch.OCV, g.blocks_made)
            faces = battle.dice.rolls(3, 6, "block")
            ok = sum(faces) <= needed
            g.blocks_made += 1
            battle.emit(ev.BlockRolled(g.id, f.id, faces, needed, ok))
            if ok:
                return None
        ocv = self.ocv_chain(battle, f, atk, g, maneuver, levels, extra_ocv)
        dcv = self.dcv_chain(battle, g)
        profile = self._profile(opts, f, atk, maneuver, levels, allowed_push, velocity_m)
        ctx = AttackContext("hero", f.id, g.id, atk, maneuver, ocv, dcv, profile,
                            self._defenses(g, atk.defense), g.ko, opts)
        hit: AttackRoll = battle.call_step("slugfest_attack_step", validate_attack_result, ctx)
        battle.emit(ev.AttackRolled(f.id, g.id, atk.name, maneuver, ocv, dcv, hit.faces, hit.total, hit.needed,
                                    hit.hit, hit.dcv_hit, hit.automatic, hit.notes))
        if not hit.hit:
            return hit, None, False
        dmg: DamageOutcome = battle.call_step("slugfest_damage_step", validate_damage_result, ctx, hit)
        r = dmg.roll
        battle.emit(ev.DamageRolled(f.id, g.id, atk.name, r.kind, str(profile.base_dice), r.dice, profile.added,
                                    profile.capped, r.faces, r.stun, r.body, r.multiplier, r.multiplier_face,
                                    profile.flat, r.doubled, dmg.notes))
        self._apply(battle, g, r, dmg.taken, atk.name)
        moved = False
        if atk.knockback and opts.knockback != "off" and r.body > 0 and not g.dead:
            moved = self._knockback(battle, f, g, r.body, atk.kind == "killing")
        return hit, dmg, moved

    def _apply(self, battle: Any, g: Fighter, roll: Any, taken: Any, source: str) -> None:
        opts = battle.options
        g.stun -= taken.stun
        g.body -= taken.body
        battle.emit(ev.DamageTakenEvent(g.id, source, roll.stun, roll.body, taken.stun_defense, taken.body_defense,
                                        taken.stun, taken.body, g.stun, g.body, taken.rule))
        if g.dead:
            return
        if is_dead(g.body, g.ch.BODY):
            self._die(battle, g, f"BODY fell to {g.body}")
            return
        if not g.ko and is_knocked_out(g.stun, opts.knockout):
            self._knock_out(battle, g, f"took {taken.stun} STUN, more than it had left")
        elif (g.stunned and (taken.stun or taken.body) and opts.stun_recovery_slips
              and g.stunned_by_attack != battle.state.attacks):
            g.recovery_slipped = True  # rules §4.6: hurt again before its recovering Phase, it slips a Phase
        elif not g.ko and is_stunned(taken.stun, g.ch.CON) and not g.stunned:
            g.stunned = True
            g.stunned_by_attack = battle.state.attacks
            g.held = False
            g.blocking = False  # a Stunned character can take no Action, Blocks included
            battle.emit(ev.StatusChanged(g.id, "stunned", True, f"took {taken.stun} STUN, more than its CON {g.ch.CON}"))
            self._cancel_haymaker(battle, g, "was Stunned")
        if g.body <= 0 and taken.body > 0 and g.body + taken.body > 0:
            battle.emit(ev.StatusChanged(g.id, "dying", True, f"BODY {g.body}: loses 1 BODY every Turn"))

    def _knock_out(self, battle: Any, g: Fighter, why: str) -> None:
        g.ko = True
        g.ko_at = battle.state.abs_segment
        g.stunned = g.recovery_slipped = False
        g.held = False
        g.prone = True
        g.blocking = g.dodging = False
        battle.emit(ev.StatusChanged(g.id, "knocked out", True, why))
        self._cancel_haymaker(battle, g, "was knocked out")

    def _die(self, battle: Any, g: Fighter, why: str) -> None:
        g.dead = True
        g.ko = False
        g.stunned = g.recovery_slipped = False
        g.blocking = g.dodging = False
        battle.emit(ev.StatusChanged(g.id, "dead", True, why))
        self._cancel_haymaker(battle, g, "died")

    def _cancel_haymaker(self, battle: Any, g: Fighter, what_happened: str) -> None:
        """A Haymaker fails as soon as its thrower is Stunned, knocked out or killed: so a Stunned
        thrower's next Phase is spent recovering, not lost to the wind-up as well. (The reason
        is worded only when there is a Haymaker to cancel: this runs on every such hit.)"""
        if g.haymaker is not None:
            target = g.haymaker.target
            g.haymaker = None
            battle.emit(ev.HaymakerFizzled(g.id, target, f"{g.name} {what_happened} before it landed"))

    def _knockback(self, battle: Any, f: Fighter, g: Fighter, body: int, killing: bool) -> bool:
        opts = battle.options
        n = knockback_dice(killing, g.sheet.flying)
        faces = battle.dice.rolls(n, 6, "knockback")
        kb = knockback(body, faces, g.sheet.knockback_resistance)
        start = g.pos
        outcome = kb.outcome
        if outcome == "knockback" and opts.knockback == "knockdown":
            outcome = "knockdown"
        if outcome in ("none", "resisted"):
            battle.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, 0, outcome, start, start, False))
            return False
        if outcome == "knockdown":
            if not g.prone:
                g.prone = True
            battle.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, 0, "knockdown", start, start, False))
            return False
        cells = -(-kb.metres // self.metres_per_cell)
        path, hit_wall = battle.grid.push_line(g.pos, f.pos, cells, self._occupied(battle.state, g))
        if path:
            g.pos = path[-1]
        g.prone = True
        battle.emit(ev.KnockbackRolled(g.id, body, faces, kb.resistance, kb.metres, "knockback", start, g.pos, hit_wall))
        n_impact = impact_dice(kb.metres, hit_wall)
        if n_impact and not g.dead:
            ifaces = battle.dice.rolls(n_impact, 6, "knockback impact")
            roll = roll_normal(DamageDice(n_impact), ifaces)
            taken = take_damage(roll, self._defenses(g, "PD"), "", opts.minimum_stun)
            what, source = _IMPACT_WALL if hit_wall else _IMPACT_GROUND
            battle.emit(ev.DamageRolled("knockback", g.id, what, "normal", roll.dice, roll.dice, (), False,
                                        ifaces, roll.stun, roll.body, 0, 0))
            self._apply(battle, g, roll, taken, source)
        return True


#: How a knockback ends, as the damage roll names it and as the damage taken names its source.
_IMPACT_WALL = ("slams into a wall", "knockback (slams into a wall)")
_IMPACT_GROUND = ("hits the ground", "knockback (hits the ground)")


def attack_end(atk: HeroAttack, strength: int, campaign: str, str_rule: str) -> int:
    """END for one use of ``atk``: its own (given, or 1 per 10 Active Points) plus the STR it adds."""
    if atk.end is not None:
        own = atk.end
    elif atk.uses_str_only:
        own = 0
    else:
        ap = atk.active_points if atk.active_points is not None else active_points(atk.dice, atk.kind)
        own = power_end(ap)
    return own + str_end(strength if atk.adds_str else 0, campaign, str_rule)


def defenses_of(sheet: HeroSheet, which: str) -> Defenses:
    """A sheet's defenses against PD or ED attacks (shared, so the named ones are read-only)."""
    special = MappingProxyType(sheet.special())
    if which == "ED":
        return Defenses(sheet.characteristics.ED, sheet.rED, special)
    return Defenses(sheet.characteristics.PD, sheet.rPD, special)


_3D6 = [0] * 19
for _a in range(1, 7):
    for _b in range(1, 7):
        for _c in range(1, 7):
            _3D6[_a + _b + _c] += 1


#: P(3d6 <= n) for n = 0..18, summed once (the AI asks for every option it weighs).
_3D6_AT_MOST = tuple(sum(_3D6[3:n + 1]) / 216 for n in range(19))


def hit_chance(needed: int) -> float:
    """P(3d6 <= needed), with a 3 always hitting and an 18 always missing."""
    return _3D6_AT_MOST[3 if needed < 3 else 17 if needed > 17 else needed]


def status_words(f: Fighter) -> list[str]:
    out = []
    if f.dead:
        return ["dead"]
    if f.ko:
        out.append("knocked out")
    if f.body <= 0:
        out.append("dying")
    if f.stunned:
        out.append("stunned")
    if f.prone:
        out.append("prone")
    if f.held:
        out.append("holding")
    if f.haymaker:
        out.append("haymaker")
    if f.dodging:
        out.append("dodging")
    if f.blocking:
        out.append("blocking")
    if f.recovering:
        out.append("recovering")
    return out

