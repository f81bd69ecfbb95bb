"""Batch parts given to ``slugfest merge``: real parts of a small batch, mutated mostly inside
their ``state`` (values of every JSON kind, keys deleted or added, lists cut, the shard's count
made huge, the whole nested deep)."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

from ..fuzzing import Verdict, _timed
from .running import command_verdict, run_cli


def base_parts(folder: str | os.PathLike[str], scenarios: tuple[str, ...] = ("hero-duel", "marvel-seed")
               ) -> list[dict[str, Any]]:
    """Real batch parts to mutate: a batch of 6 battles of each of ``scenarios`` (a HERO and a
    Marvel one), each in 2 parts (``simulate --shard I/2 --json``), parsed."""
    out = []
    for name in scenarios:
        for i in (1, 2):
            path = Path(folder) / f"{name}-{i}.json"
            code, _, err = run_cli(["simulate", name, "--runs", "6", "--shard", f"{i}/2", "--json", str(path),
                                    "--jobs", "1", "--no-progress", "--force"])
            assert code == 0, err
            out.append(json.loads(path.read_text()))
    return out


#: JSON values of every kind and edge, put where a part had another value.
JSON_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 7, -30, 10**6, 10**18, 10**19, -(10**19), 2**63, 10**400, 0.5, -0.0, 1e308,
    float("inf"), float("nan"), "", "x", "1", "Heroes", "STUN", "w" * 5000, "\u0000", "💥", [], [0], [1, 2],
    [0, 0, 0, None, None], [1, 5, 25, 5, 5], [1, 5, 25, 9, 1], [[1, 2]], [None] * 6, {}, {"a": 1}, {"": 1},
    {"x": [1, {"y": 2}]},
)


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a JSON value (to pick one to change), no deeper than a real part
    goes (a value nested deep by an earlier change is changed whole)."""
    out = [at]
    if len(at) > 8:
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def mutate_part(doc: dict[str, Any], rng: random.Random) -> Any:
    """A copy of a part with one to four changes, most of them inside its ``state``: a value
    swapped for one of every JSON kind, a key deleted or added, a list cut, the shard's count
    made huge, or the whole nested deep."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        paths = [p for p in _paths(doc) if p]
        inside = [p for p in paths if p[0] == "state"]
        path = rng.choice(inside if inside and rng.random() < 0.8 else paths)
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        op = rng.randrange(8)
        if op <= 3:
            parent[last] = rng.choice(JSON_VALUES)
        elif op == 4:
            del parent[last]
        elif op == 5 and isinstance(parent, dict):
            parent[rng.choice(("extra", "", "n", "sides", "💥"))] = rng.choice(JSON_VALUES)
        elif op == 6:
            target = parent[last]
            if isinstance(target, list) and target:
                del target[rng.randrange(len(target)):]
            elif isinstance(target, (int, float)) and not isinstance(target, bool):
                parent[last] = rng.choice((-target, target * 10**12, -1, 0))
        else:
            choice = rng.randrange(3)
            if choice == 0:
                doc["shard"] = {"part": 1, "of": rng.choice((10**9, 10**5, 10**5 + 1, 0, -1, 2))}
            elif choice == 1:
                deep: Any = 1
                for _ in range(rng.choice((30, 1000, 100_000))):
                    deep = [deep]
                parent[last] = deep
            else:
                return rng.choice(([], "part", 3, None, [doc]))
    return doc


def merge_case(rng: random.Random, parts: list[dict[str, Any]], folder: str | os.PathLike[str]) -> Verdict:
    """``slugfest merge`` of a batch's parts, one or more of them mutated (or written as text
    that is not JSON at all): it reports, or refuses with exit 2 naming the file."""
    first = rng.randrange(0, len(parts), 2)  # a batch's two parts
    batch = [parts[first], parts[first + 1]]
    k = rng.randrange(2)
    names = []
    for i, doc in enumerate(batch):
        path = Path(folder) / f"part-{rng.randrange(10**9)}-{i}.json"
        if i == k or rng.random() < 0.2:
            mutated = mutate_part(doc, rng)
            try:
                text = json.dumps(mutated)
            except (RecursionError, ValueError):
                text = "[" * 100_000 + "]" * 100_000
            if rng.random() < 0.1:  # cut short, or a byte flipped
                raw = bytearray(text.encode())
                cut = rng.randrange(len(raw) + 1)
                raw = raw[:cut] if rng.random() < 0.5 else raw
                if raw:
                    raw[rng.randrange(len(raw))] = rng.randrange(256)
                path.write_bytes(bytes(raw))
            else:
                path.write_text(text)
        else:
            path.write_text(json.dumps(doc))
        names.append(str(path))
    argv = ["merge", *names, *(["--partial"] if rng.random() < 0.3 else [])]
    try:
        return _timed("merge", command_verdict("merge", argv))
    finally:
        for name in names:
            Path(name).unlink(missing_ok=True)
