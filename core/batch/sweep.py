"""Parameter sweeps: one scenario, one value changed over a list, the same dice streams.

Every variant runs battles 0..N-1 with the same per-battle seeds (common random numbers), so a
difference in win rate comes from the change, not from luck. A parameter is named either the
friendly way, ``COMBATANT.KEY`` (``ironclad.SPD``, ``sparkwing.attacks.Lightning Bolt.dice``),
or as a full dotted path into the TOML (``sides[0].combatants[1].characteristics.SPD``).
"""

from __future__ import annotations

import copy
import math
import re
from pathlib import Path
from typing import Any

from ..errors import SlugfestError
from ..files.bounds import UnreadableToml, parse_toml, read_limited
from ..files.scenario import MAX_FILE_BYTES, Scenario, dump_scenario, parse_scenario
from ..files.schema import did_you_mean


class SweepError(SlugfestError):
    pass


def parse_value(text: str) -> Any:
    """A value as TOML would read it (``7`` -> 7, ``true`` -> True, ``12d6`` -> "12d6")."""
    try:
        return parse_toml(f"v = {text}", 100_000)["v"]
    except (UnreadableToml, KeyError):
        return text


def read_data(path: str | Path) -> dict[str, Any]:
    """A scenario file's raw data, for varying one of its values (bounded as the loader bounds it)."""
    try:
        return parse_toml(read_limited(path, MAX_FILE_BYTES), MAX_FILE_BYTES)
    except OSError as exc:
        raise SweepError(f"{path}: cannot read the scenario ({exc.strerror or exc})") from None
    except UnreadableToml as exc:
        raise SweepError(f"{path}{f':{exc.line}' if exc.line else ''}: {exc.message}") from None


def with_ai(data: dict[str, Any], ai: str) -> dict[str, Any]:
    """A copy of scenario ``data`` with every combatant, on every side, played by ``ai`` (the
    commands' ``--ai``): a win rate depends on how well both sides play, so a batch that asks
    about the characters has one AI play them all, and its report names it."""
    out = copy.deepcopy(data)
    for side in out.get("sides", []):
        for c in side.get("combatants", []):
            if isinstance(c, dict):
                c["ai"] = ai
    return out


def played_by(scenario: Scenario, ai: str) -> Scenario:
    """``scenario`` with every combatant played by ``ai`` (:func:`with_ai` on its data, read
    back): what a batch runs for ``--ai`` and for the statistics screen's AI picker."""
    return parse_scenario(with_ai(dump_scenario(scenario), ai), scenario.path or scenario.name)


def set_parameter(data: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    """A copy of scenario ``data`` with parameter ``name`` set to ``value``."""
    out = copy.deepcopy(data)
    first, _, rest = name.partition(".")
    ids = []
    for side in out.get("sides", []):
        for c in side.get("combatants", []):
            ids.append(str(c.get("id")))
            if c.get("id") == first:
                if not rest:
                    raise SweepError(f"{name}: a combatant; say which of its keys to vary, e.g. {first}.SPD")
                _set_in_combatant(c, rest, value, name)
                return out
    top = re.split(r"[.\[]", name, maxsplit=1)[0]
    if top not in out and top not in ("battle", "map", "rules", "sides"):
        raise SweepError(f"{name}: {first!r} is neither a combatant nor a part of the file"
                         f"{did_you_mean(first, ids)} (combatants: {', '.join(ids)})")
    _set_dotted(out, name, value)
    return out


def _set_in_combatant(c: dict[str, Any], rest: str, value: Any, name: str) -> None:
    if rest.startswith("attacks."):
        names = [str(a.get("name")) for a in c.get("attacks", [])]
        if rest.count(".") < 2:
            example = f"{c.get('id')}.attacks.{names[0] if names else 'ATTACK'}.dice"
            raise SweepError(f"{name}: expected COMBATANT.attacks.ATTACK.KEY, e.g. {example}")
        _, attack, field = rest.split(".", 2)
        for a in c.get("attacks", []):
            if a.get("name") == attack:
                a[field] = value
                return

        raise SweepError(f"{name}: no attack named {attack!r}{did_you_mean(attack, names)} "
                         f"(its attacks: {', '.join(names)})")
    if rest in c or "." in rest:
        _set_dotted(c, rest, value)
        return
    for key, sub in c.items():  # a characteristic, a defense... wherever the key already lives
        if isinstance(sub, dict) and rest in sub:
            sub[rest] = value
            return
    tables = [k for k, v in c.items() if isinstance(v, dict)]
    if len(tables) == 1:
        c[tables[0]][rest] = value
        return
    if "characteristics" in c and rest.isupper():
        c["characteristics"][rest] = value  # a characteristic the file leaves at its base value
        return

    known = sorted(set(c) | {k for v in c.values() if isinstance(v, dict) for k in v})
    raise SweepError(f"{name}: no key {rest!r} in this combatant{did_you_mean(rest, known)}")


def _set_dotted(data: Any, path: str, value: Any) -> None:
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    cur = data
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part.startswith("["):
            idx = int(part[1:-1])
            if not isinstance(cur, list) or idx >= len(cur):
                raise SweepError(f"{path}: no element {idx}")
            if last:
                cur[idx] = value
            else:
                cur = cur[idx]
        else:
            if not isinstance(cur, dict):
                raise SweepError(f"{path}: {part!r} is not inside a table")
            if last:
                cur[part] = value
            else:
                cur = cur.setdefault(part, {})


def paired_difference(now: list[int | None], base: list[int | None], z: float = 1.959964) -> tuple[float, float, float, int]:
    """The mean difference of two paired 0/1 series (a value's win against the baseline's, battle
    by battle on the same seeds) and its 95% interval from the spread of the differences: (mean,
    low, high, pairs). Pairing is the honest test here: the two batches share their dice, so the
    differences vary far less than two independent rates would (a battle either side of the
    change is mostly the same battle). Battles that failed in either are left out."""
    diffs = [a - b for a, b in zip(now, base) if a is not None and b is not None]
    n = len(diffs)
    if n == 0:
        return 0.0, -1.0, 1.0, 0
    mean = sum(diffs) / n
    if n < 2:
        return mean, -1.0, 1.0, n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half), n


def side_figures(summary: dict[str, Any], side: str) -> dict[str, float | None]:
    """A side's figures in a batch's summary: the share of its combatants knocked out per
    battle, and the damage (main pool) its combatants dealt per battle, summed."""
    people = [c for c in summary["combatants"].values() if c["side"] == side]
    n = summary["battles"]
    if not people or not n:
        return {"knocked_out": None, "dealt": None}
    return {"knocked_out": round(sum(c["knocked_out"] for c in people) / (n * len(people)), 4),
            "dealt": round(sum(c["damage_dealt"]["mean"] for c in people), 2)}
