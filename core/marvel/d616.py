"""The d616 roll: two regular d6 and the Marvel die, edges and troubles.

Faces are kept as rolled (1 to 6). The Marvel die is the middle one; a 1 on it is the Marvel
logo, "M": it counts as 6 in the total and in damage, and marks the roll as Fantastic. Whether
a Fantastic roll *succeeds* is decided against the target number elsewhere (an M on a total
below the TN is a Fantastic failure: a miss). 6-M-6 succeeds whatever the TN and ignores trouble.

Edges and troubles cancel one for one; what is left is applied one reroll at a time:

* **edge**: reroll one die of the roller's choice and keep the better result. The engine picks
  the lowest die that a reroll could improve (M counts 6; ordinary dice before the Marvel die on
  ties). A Marvel die showing M, or an ordinary 6, can never improve, so it is never picked; if
  no die can improve, the edge is not used. On the Marvel die a 6 and an M both count 6: the M
  is "better" (it is Fantastic).
* **trouble**: reroll the highest die and keep the worse result. M counts as the highest die of
  all; ties go to the Marvel die first (then the first, then the second ordinary die). Between a
  6 and an M on the Marvel die the 6 is "worse" (not Fantastic). Trouble stops as soon as the
  roll is 6-M-6 (which ignores trouble).
* several net edges or troubles: each one re-picks the die by the rule above, so the same die
  may be rerolled again (``"repick"``, the default); option ``"distinct"`` rerolls a different
  die each time.

Fantastic, Ultimate Fantastic and the damage die (the Marvel die's value) are always derived
from the faces *after* every reroll.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.records import record

ORDINARY = "d616"
MARVEL = "marvel"
M = 1  # the face of the Marvel die that shows the logo
POSITIONS = ("first die", "Marvel die", "second die")
Faces = tuple[int, int, int]


def counts(face: int, position: int) -> int:
    """What a face adds to the total: an M on the Marvel die counts 6."""
    return 6 if position == 1 and face == M else face


def is_fantastic(faces: Faces) -> bool:
    return faces[1] == M


def is_ultimate(faces: Faces) -> bool:
    """6-M-6: succeeds automatically, is Fantastic, ignores trouble."""
    return faces[0] == 6 and faces[1] == M and faces[2] == 6


def dice_total(faces: Faces) -> int:
    """The three faces added up, the Marvel die's M counting 6 (see :func:`counts`)."""
    marvel = faces[1]
    return faces[0] + (6 if marvel == M else marvel) + faces[2]


def marvel_value(faces: Faces) -> int:
    """The damage die: the Marvel die's value, M counting 6."""
    return counts(faces[1], 1)


def face_text(face: int, position: int) -> str:
    return "M" if position == 1 and face == M else str(face)


def faces_text(faces: Faces) -> str:
    """``4 [M] 3``: the Marvel die is the one in brackets."""
    return f"{faces[0]} [{face_text(faces[1], 1)}] {faces[2]}"


def _edge_key(face: int, position: int) -> tuple[int, bool]:
    return (counts(face, position), position == 1 and face == M)


def can_improve(face: int, position: int) -> bool:
    return face != M if position == 1 else face < 6


def pick_edge(faces: Faces, excluded: frozenset[int] = frozenset()) -> int | None:
    """The die an edge rerolls: the lowest one a reroll could improve, ordinary dice first on ties."""
    candidates = [i for i in (0, 2, 1) if i not in excluded and can_improve(faces[i], i)]
    if not candidates:
        return None
    return min(candidates, key=lambda i: (counts(faces[i], i), i == 1))


def _trouble_rank(face: int, position: int) -> int:
    return 7 if position == 1 and face == M else face


def pick_trouble(faces: Faces, excluded: frozenset[int] = frozenset()) -> int | None:
    """The die a trouble rerolls: the highest, M highest of all, the Marvel die first on ties."""
    candidates = [i for i in (1, 0, 2) if i not in excluded]
    if not candidates:
        return None
    best = candidates[0]
    for i in candidates[1:]:
        if _trouble_rank(faces[i], i) > _trouble_rank(faces[best], best):
            best = i
    return best


def keep(kind: str, position: int, old: int, new: int) -> int:
    """The face kept after a reroll: the better under an edge, the worse under a trouble."""
    if position == 1:
        better = new if _edge_key(new, 1) > _edge_key(old, 1) else old
        worse = new if _edge_key(new, 1) < _edge_key(old, 1) else old
    else:
        better, worse = max(old, new), min(old, new)
    return better if kind == "edge" else worse


@record
class Reroll:
    kind: str  # "edge" or "trouble"
    position: int  # 0, 1 (the Marvel die) or 2
    old: int
    new: int
    kept: int


@record
class D616:
    """One d616 roll with its rerolls. ``faces`` are after every reroll."""

    rolled: Faces
    faces: Faces
    edges: tuple[str, ...]  # where each edge came from
    troubles: tuple[str, ...]
    rerolls: tuple[Reroll, ...]
    dice_total: int
    marvel: int  # the damage die: the Marvel die's value, M counting 6
    fantastic: bool  # the Marvel die shows M (a success or a failure is decided elsewhere)
    ultimate: bool  # 6-M-6
    note: str = ""

    @property
    def net(self) -> int:
        return len(self.edges) - len(self.troubles)


def apply_rerolls(rolled: Faces, net: int, reroll: Callable[[int], int],
                  stacked: str = "repick") -> tuple[Faces, tuple[Reroll, ...], str]:
    """Apply ``net`` edges (positive) or troubles (negative). ``reroll(position)`` rolls a new face."""
    faces = list(rolled)
    done: list[Reroll] = []
    used: set[int] = set()
    note = ""
    kind = "edge" if net > 0 else "trouble"
    for _ in range(abs(net)):
        current: Faces = (faces[0], faces[1], faces[2])
        excluded = frozenset(used) if stacked == "distinct" else frozenset()
        if kind == "trouble":
            if is_ultimate(current):
                note = "6-M-6 ignores trouble"
                break
            pos = pick_trouble(current, excluded)
        else:
            pos = pick_edge(current, excluded)
        if pos is None:
            note = "no die left that a reroll could improve" if kind == "edge" else "every die already rerolled"
            break
        new = reroll(pos)
        kept = keep(kind, pos, faces[pos], new)
        done.append(Reroll(kind, pos, faces[pos], new, kept))
        faces[pos] = kept
        used.add(pos)
    return (faces[0], faces[1], faces[2]), tuple(done), note


def make(rolled: Faces, faces: Faces, edges: tuple[str, ...], troubles: tuple[str, ...],
         rerolls: tuple[Reroll, ...] = (), note: str = "") -> D616:
    return D616(rolled, faces, edges, troubles, rerolls, dice_total(faces), marvel_value(faces),
                is_fantastic(faces), is_ultimate(faces), note)


def net_sources(edges: tuple[str, ...], troubles: tuple[str, ...]) -> int:
    """Edges and troubles cancel one for one: 2 edges and 3 troubles are 1 trouble (-1)."""
    return len(edges) - len(troubles)


def roll_d616(dice, edges: tuple[str, ...] = (), troubles: tuple[str, ...] = (), stacked: str = "repick") -> D616:
    """Roll the three dice (first, Marvel, second) and apply the net edges or troubles."""
    rolled: Faces = (dice.roll(6, ORDINARY), dice.roll(6, MARVEL), dice.roll(6, ORDINARY))
    return on_rolled(dice, rolled, edges, troubles, stacked)


def on_rolled(dice, rolled: Faces, edges: tuple[str, ...] = (), troubles: tuple[str, ...] = (),
              stacked: str = "repick") -> D616:
    """Three dice already rolled, with the net edges or troubles applied (rerolls from ``dice``):
    a split or area attack rolls once and each target's own edges and troubles go on the same
    three dice (rules/marvel.md §4.3, §6 pitfall 8)."""
    net = net_sources(edges, troubles)
    if net == 0:
        return make(rolled, rolled, edges, troubles)
    if net < 0 and is_ultimate(rolled):
        return make(rolled, rolled, edges, troubles, (), "6-M-6 ignores trouble")
    faces, rerolls, note = apply_rerolls(rolled, net, lambda pos: dice.roll(6, MARVEL if pos == 1 else ORDINARY), stacked)
    return make(rolled, faces, edges, troubles, rerolls, note)


def with_edge(dice, roll: D616, source: str) -> D616:
    """``roll`` given one more edge after the fact (Help Teammate, rules/marvel.md §3.5): the
    edge rule applied once to the faces as they stand (the lowest die a reroll could improve,
    the better face kept), ``source`` added to its edges. It does not undo a trouble's reroll."""
    pos = pick_edge(roll.faces)
    if pos is None:
        return make(roll.rolled, roll.faces, (*roll.edges, source), roll.troubles, roll.rerolls,
                    "no die left that a reroll could improve")
    new = dice.roll(6, MARVEL if pos == 1 else ORDINARY)
    kept = keep("edge", pos, roll.faces[pos], new)
    faces = list(roll.faces)
    faces[pos] = kept
    return make(roll.rolled, (faces[0], faces[1], faces[2]), (*roll.edges, source), roll.troubles,
                (*roll.rerolls, Reroll("edge", pos, roll.faces[pos], new, kept)), roll.note)


def with_trouble(dice, roll: D616, source: str) -> D616:
    """``roll`` given one more trouble after the fact (Karma spent by the target, rules/marvel.md
    §4.6): the trouble rule applied once to the faces as they stand (the highest die rerolled,
    the worse face kept), ``source`` added to its troubles. A 6-M-6 ignores it."""
    if roll.ultimate:
        return make(roll.rolled, roll.faces, roll.edges, (*roll.troubles, source), roll.rerolls,
                    "6-M-6 ignores trouble")
    pos = pick_trouble(roll.faces)
    assert pos is not None  # nothing excluded: one of the three dice is picked
    new = dice.roll(6, MARVEL if pos == 1 else ORDINARY)
    kept = keep("trouble", pos, roll.faces[pos], new)
    faces = list(roll.faces)
    faces[pos] = kept
    return make(roll.rolled, (faces[0], faces[1], faces[2]), roll.edges, (*roll.troubles, source),
                (*roll.rerolls, Reroll("trouble", pos, roll.faces[pos], new, kept)), roll.note)


def best_edge_gain(faces: Faces) -> int:
    """The most one more edge could add to the dice total (0 if no die can improve)."""
    pos = pick_edge(faces)
    return 0 if pos is None else 6 - counts(faces[pos], pos)


def edge_chance(faces: Faces, total: int, tn: int) -> float:
    """The chance one more edge, given after the roll (Karma, Help Teammate), makes a check of
    ``total`` meet ``tn``: the die :func:`pick_edge` rerolls, each of its six faces, the better
    kept. What the Karma question says, as the HERO Abort question gives its odds."""
    pos = pick_edge(faces)
    if pos is None:
        return 1.0 if total >= tn else 0.0
    made = 0
    for new in range(1, 7):
        after = list(faces)
        after[pos] = keep("edge", pos, faces[pos], new)
        kept: Faces = (after[0], after[1], after[2])
        made += total - dice_total(faces) + dice_total(kept) >= tn or is_ultimate(kept)
    return made / 6


def trouble_chance(faces: Faces, total: int, tn: int) -> float:
    """The chance one more trouble, given after the roll (the target's Karma), makes a check of
    ``total`` that met ``tn`` fall short: the die :func:`pick_trouble` rerolls, the worse kept."""
    pos = pick_trouble(faces)
    assert pos is not None
    missed = 0
    for new in range(1, 7):
        after = list(faces)
        after[pos] = keep("trouble", pos, faces[pos], new)
        missed += total - dice_total(faces) + dice_total((after[0], after[1], after[2])) < tn
    return missed / 6


def succeeds(roll: D616, total: int, tn: int) -> bool:
    """Meets or beats the TN; 6-M-6 always succeeds."""
    return roll.ultimate or total >= tn


# -- exact distribution (for the AI's estimates) -------------------------------------------

_DIST: dict[tuple[int, str], dict[tuple[int, int, bool], float]] = {}


def distribution(net: int, stacked: str = "repick") -> dict[tuple[int, int, bool], float]:
    """P(dice total, Marvel face, 6-M-6) after ``net`` edges/troubles (clamped to -3..3), exactly."""
    net = max(-3, min(3, net))
    key = (net, stacked)
    if key in _DIST:
        return _DIST[key]
    out: dict[tuple[int, int, bool], float] = {}
    kind = "edge" if net > 0 else "trouble"

    def walk(faces: Faces, left: int, used: frozenset[int], p: float) -> None:
        pos = None
        if left:
            if kind == "trouble" and is_ultimate(faces):
                pos = None
            else:
                excluded = used if stacked == "distinct" else frozenset()
                pos = pick_trouble(faces, excluded) if kind == "trouble" else pick_edge(faces, excluded)
        if pos is None:
            k = (dice_total(faces), faces[1], is_ultimate(faces))
            out[k] = out.get(k, 0.0) + p
            return
        for new in range(1, 7):
            f = list(faces)
            f[pos] = keep(kind, pos, faces[pos], new)
            walk((f[0], f[1], f[2]), left - 1, used | {pos}, p / 6)

    for a in range(1, 7):
        for m in range(1, 7):
            for b in range(1, 7):
                walk((a, m, b), abs(net), frozenset(), 1 / 216)
    _DIST[key] = out
    return out
