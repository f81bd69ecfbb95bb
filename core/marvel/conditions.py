"""Health, Focus and the conditions damage causes (seed: "Effects of Damage").

* Health and Focus maxima: 30 x Resilience and 30 x Vigilance, at least 10 (the minimum is an
  option), unless the sheet gives them.
* unconscious: Health below 1. No actions; defense against ranged attacks is 10; close
  attacks hit automatically.
* killed: Health at or below -max Health.
* demoralized: Focus at 0 or below. Trouble on every action.
* shattered: Focus at or below -max Focus. Frozen in place by fear: out of the fight.
"""

from __future__ import annotations

POOL_MINIMUM = 10


def pool_max(ability: int, given: int | None = None, minimum: bool = True) -> int:
    if given is not None:
        return given
    value = 30 * ability
    return max(value, POOL_MINIMUM) if minimum else max(value, 1)


def unconscious(health: int) -> bool:
    return health < 1


def killed(health: int, health_max: int) -> bool:
    return health <= -health_max


def demoralized(focus: int) -> bool:
    return focus <= 0


def shattered(focus: int, focus_max: int) -> bool:
    return focus <= -focus_max


def conditions(health: int, health_max: int, focus: int, focus_max: int) -> tuple[str, ...]:
    """The damage conditions in a fixed order (killed hides unconscious)."""
    out: list[str] = []
    if killed(health, health_max):
        out.append("killed")
    elif unconscious(health):
        out.append("unconscious")
    if shattered(focus, focus_max):
        out.append("shattered")
    elif demoralized(focus):
        out.append("demoralized")
    return tuple(out)


def out_of_fight(health: int, health_max: int, focus: int, focus_max: int) -> bool:
    """Unconscious, killed or shattered: no longer able to fight."""
    return unconscious(health) or shattered(focus, focus_max)
