"""What the player's prompt offers, read off the decision and the rules system's options (no
widget here): each row of the left list as a :class:`What` (an attack with a maneuver, a move,
a defensive action, a move to a typed cell...), in the order a player reads them, and the
typed cell read back. :mod:`.prompt` shows them and :mod:`.question` uses the same data."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from slugfest.core.engine.actions import Action, Decision
from slugfest.core.engine.system import PlayerOptions
from slugfest.core.render.words import possessive

_NEEDS_TARGET = ("attack", "move-through", "ram", "move", "retreat")
LEVEL_NAMES = {"ocv": "OCV", "dcv": "DCV", "damage": "damage"}
_PLAIN_NAMES = {"dodge": "Dodge", "block": "Block", "dive": "Dive for Cover", "recover": "Recover (take a Recovery)", "hold": "Hold the Phase",
                "none": "Do not abort"}


@dataclass
class What:
    label: str
    kind: str
    attack: str = ""
    maneuver: str = ""
    power: str = ""  # a Marvel power used with a move toward the target chosen
    action: Action | None = None  # a complete action (no target to choose)
    legal_targets: set[str] = field(default_factory=set)
    cell: bool = False  # move to a typed cell, or aim a HERO area at one (kind "attack")

    @property
    def needs_target(self) -> bool:
        return self.action is None and not self.cell and (self.kind in _NEEDS_TARGET or
                                                          self.kind in ("power", "treat", "grab", "grab-by", "choke"))

    def build(self, target: str = "", push: int = 0, cell: tuple[int, int] | None = None, levels: str = "",
              aim: str = "") -> Action:
        """The action, with the push, the Combat Skill Levels' use and a placed shot's aim where
        they apply (attacks; a placed shot only on a single attack)."""
        if self.action is not None:
            attacking = self.action.kind == "multiple-attack"
            # an aim chosen for an action that cannot take one goes to the rules, which say why
            return replace(self.action, push=push if attacking else 0,
                           levels=levels if attacking else self.action.levels, aim=aim if attacking else "")
        if self.cell and self.kind == "attack":  # a HERO area at the typed cell: the rules say who is inside
            return Action("attack", self.attack, "", self.maneuver, destination=cell, push=push, levels=levels)
        if self.cell:
            return Action("move", destination=cell)
        return Action(self.kind, self.attack, target, self.maneuver, push=push if self.attack else 0,
                      levels=levels if self.attack else "", aim=aim if self.kind == "attack" else "", power=self.power)


@dataclass
class PromptData:
    decision: Decision
    actor_name: str
    options: PlayerOptions  # what the rules system lets a player try beside the menu
    others: list[dict[str, Any]]  # id, name, side_index, letter, distance text, out
    recent: tuple[str, ...] = ()  # the last lines of the log, which the prompt covers
    own: tuple[str, ...] = ()  # the player's own last action and how it came out: shown first

    @property
    def levels(self) -> int:
        """Combat Skill Levels the actor may assign (0: none, or a system without them)."""
        return self.options.levels


def whats(data: PromptData) -> list[What]:
    """Everything worth offering, legal now or not, in a stable order."""
    menu = data.decision.menu
    out: list[What] = []
    known: list[tuple[str, tuple[str, ...]]] = list(data.options.attacks)
    for a in menu:
        for name in (a.attack, *a.attacks):
            if name and name not in {n for n, _ in known}:
                known.append((name, ()))
    names = {o["id"]: o["name"] for o in data.others}
    for name, offered in known:
        maneuvers = list(offered)
        for a in menu:
            if a.attack == name and a.kind in ("attack", "move-through", "ram") and a.maneuver not in maneuvers \
                    and not a.targets:
                maneuvers.append(a.maneuver)
        # only aimed at sets of targets (a HERO area): their lines below say it all
        area_only = not maneuvers and any(a.attack == name and a.targets for a in menu)
        for m in () if area_only else (maneuvers or [""]):
            kind = "move-through" if m == "move through" else "ram" if m == "Ram" else "attack"
            legal = {a.target for a in menu if a.kind == kind and a.attack == name and a.maneuver == m}
            out.append(What(f"{name}: {m}" if m else name, kind, name, m, legal_targets=legal))
        for a in menu:  # a split or area attack: each set of targets it would strike is a line of its own
            if a.attack == name and a.kind == "attack" and a.targets:
                struck = ", ".join(names.get(t, t) for t in a.targets)
                at = f" at {a.destination[0]},{a.destination[1]}" if a.destination is not None else ""
                out.append(What(f"{name}: {a.maneuver}{at} → {struck}", "attack", action=a))
        if any(a.attack == name and a.maneuver == "area" for a in menu):  # or at any cell it reaches
            out.append(What(f"{name}: area at cell x,y (below)", "attack", name, "area", cell=True))
    for a in menu:
        if a.kind == "multiple-attack":  # by the names the player sees, not the scenario's ids
            strikes = ", ".join(f"{an} → {names.get(t, t)}" for an, t in zip(a.attacks, a.targets))
            out.append(What(f"Multiple Attack: {strikes}", a.kind, action=a))
    for kind, label in (("move", "Move toward"), ("retreat", "Retreat from")):
        legal = {a.target for a in menu if a.kind == kind and a.target}
        if legal or kind == "move":
            out.append(What(label, kind, legal_targets=legal))
    out.append(What("Move to cell x,y (below)", "move", cell=True))
    seen: set[tuple[str, str]] = set()
    for a in menu:
        key = (a.kind, a.maneuver or a.power)
        if (a.kind not in _NEEDS_TARGET and a.kind not in ("multiple-attack", "escape", "presence", "switch")
                and not a.target and key not in seen):
            seen.add(key)
            label = (f"Use {a.power}" if a.kind == "power" else a.maneuver[:1].upper() + a.maneuver[1:] + " (Karma)"
                     if a.kind == "recover" and a.maneuver else _PLAIN_NAMES.get(a.kind, a.label()))
            out.append(What(label, a.kind, action=a))
    for a in menu:  # a lasting power taken with the move toward a foe: the foe is its target
        if a.kind == "power" and a.target and ("power", a.power + "->") not in seen:
            seen.add(("power", a.power + "->"))
            legal = {x.target for x in menu if x.kind == "power" and x.power == a.power and x.target}
            out.append(What(f"Use {a.power} and move toward", "power", power=a.power, legal_targets=legal))
    for a in menu:  # a Fastball Special: each ally thrown at each foe is a line of its own
        if a.kind == "fastball":
            out.append(What(f"Fastball Special: throw {names.get(a.ally, a.ally)} at "
                            f"{names.get(a.target, a.target)}", "fastball", action=a))
    for kind, label in (("grab", "Grab (hold it in place)"), ("grab-by", "Grab By (a full move, then hold it)"),
                        ("choke", "Choke Hold (hold it, and an NND)")):
        grabs = {a.target for a in menu if a.kind == kind}
        if grabs:  # a Grab: moving first if it must, as for a close attack (the menu's own maneuver word)
            word = next(a.maneuver for a in menu if a.kind == kind)
            out.append(What(label, kind, maneuver=word, legal_targets=grabs))
    for a in menu:  # HERO Aid or Healing on a friend, a blow at an Entangle: each a line of its own
        if a.kind == "presence":
            out.append(What(f"Presence Attack: {a.attack} (takes no time)", "presence", action=a))
        elif a.kind == "switch":
            out.append(What(f"Switch the Multipower to {a.slot} (takes no time)", "switch", action=a))
        elif a.kind == "listen":  # HERO: a foe it cannot see, listened for
            out.append(What(f"Listen for {names.get(a.target, a.target)} (a PER roll with Hearing; takes the Half "
                            "Phase)", "listen", action=a))
        elif a.kind == "screen":  # a HERO Images over the actor's own side: who it would hide
            at = f" at {a.destination[0]},{a.destination[1]}" if a.destination is not None else ""
            hidden = ", ".join("itself" if t == data.decision.actor else names.get(t, t) for t in a.targets)
            out.append(What(f"{a.attack}: Images{at} hiding {hidden}", "screen", action=a))
        elif a.kind == "aid":
            out.append(What(f"{a.attack} on {names.get(a.target, a.target) if a.target != data.decision.actor else 'itself'}",
                            "aid", action=a))
        elif a.kind == "break-out":
            whose = "its own Entangle" if a.target == data.decision.actor else \
                f"the Entangle holding {names.get(a.target, a.target)}"
            out.append(What(f"Break {whose} with {a.attack or 'STR'}", "break-out", action=a))
    for a in menu:  # a HERO holder's follow-ups and a Disarm: complete actions, target and weapon named
        if a.kind in ("squeeze", "throw"):
            held = names.get(a.target, a.target)
            out.append(What(f"{'Squeeze' if a.kind == 'squeeze' else 'Throw down'} {held} (held)", a.kind, action=a))
        elif a.kind == "disarm":
            out.append(What(f"Disarm: knock {possessive(names.get(a.target, a.target))} {a.weapon} away", a.kind, action=a))
    for a in menu:  # breaking a hold: its holder is the target already
        if a.kind == "escape":
            holder = names.get(a.target, "")
            out.append(What(f"Break free of {possessive(holder)} hold" if holder else "Break free of the hold", "escape", action=a))
    for a in menu:  # ending bleeding or flames, its own or an adjacent ally's: whose is the target
        if a.kind == "treat" and ("treat", a.maneuver) not in seen:
            seen.add(("treat", a.maneuver))
            legal = {x.target for x in menu if x.kind == "treat" and x.maneuver == a.maneuver}
            label = {"bleeding": "Stop the bleeding of", "ablaze": "Put out the flames of"}.get(a.maneuver, f"Treat {a.maneuver}")
            out.append(What(label, "treat", maneuver=a.maneuver, legal_targets=legal))
    return ordered_for_play(out)


#: The moves and defences: a keystroke or two away, whatever the number of attack variants.
_MOVES_AND_DEFENCES = ("move", "retreat", "dodge", "block", "dive", "recover", "hold", "none")


def usable(w: What) -> bool:
    """Whether the rules allow the line now: a complete action, a cell to type, or a target."""
    return w.action is not None or w.cell or bool(w.legal_targets) or not w.needs_target


def ordered_for_play(items: list[What]) -> list[What]:
    """The list in the order a player reaches for it: each attack's first usable form, then the
    moves and defences, then every other usable line (Haymakers, Braces, powers...), and last
    the lines the rules refuse now (marked "no target"). Sparkwing's twelve attack variants put
    Move and Dodge twelve presses down, under rows such as "Lightning Bolt: pull (no target)"."""
    firsts: set[str] = set()

    def group(w: What) -> int:
        if not usable(w):
            return 3
        if w.kind == "attack" and w.attack and w.action is None and w.attack not in firsts:
            firsts.add(w.attack)
            return 0
        if w.kind in _MOVES_AND_DEFENCES:
            return 1
        return 2

    ranked = [(group(w), i, w) for i, w in enumerate(items)]
    return [w for _, _, w in sorted(ranked, key=lambda r: (r[0], r[1]))]


def parse_cell(text: str) -> tuple[int, int] | None:
    """``"10,7"``, ``"10 7"`` or ``"(10, 7)"`` as ``(10, 7)``; ``None`` if it is not two whole numbers."""
    if not re.fullmatch(r"[\s(]*-?\d+\s*[,;\s]\s*-?\d+[\s)]*", text):
        return None
    x, y = (int(v) for v in re.findall(r"-?\d+", text))
    return x, y
