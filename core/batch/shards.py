"""A batch split across machines: ``--shard I/N`` runs one part, ``slugfest merge`` joins them.

Shard ``I`` of ``N`` of a batch of ``R`` battles runs battles ``(I-1)R/N`` to ``IR/N - 1``
(rounded down), with the seeds those battles have in the whole batch (``battle_seed``), and
writes its aggregate's exact state (:meth:`core.batch.stats.Aggregate.state`). Because every figure
is an integer sum, count, least or greatest, the merged shards give the report of the batch
run whole, key for key, whatever the split and the order of the files. Each part carries a
fingerprint of the scenario it ran, so parts of different scenarios (or seeds, or batch
sizes) are refused rather than added up.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..engine.catalog import catalog
from ..errors import SlugfestError
from .state_schema import StateProblem, check_state, count, name as a_name, text as a_text
from .stats import Aggregate

KIND = "slugfest-shard"
#: The largest part file merge reads (a part of a batch is a few tens of kilobytes).
MAX_PART_BYTES = 16 * 1024 * 1024


class ShardError(SlugfestError):
    pass


#: The most parts a batch may be split into (a part per battle of the largest batch would be
#: 10 million; nobody runs that many machines, and merge lists the parts it misses).
MOST_PARTS = 100_000


def parse_shard(text: str) -> tuple[int, int]:
    """``"3/10"`` -> (3, 10): the third of ten parts (counted from 1). The digits are bounded
    before they are converted: Python refuses to read a number of more than 4300 digits."""
    m = re.fullmatch(r"\s*(\d{1,12})\s*/\s*(\d{1,12})\s*", text)
    if not m:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ShardError(f"--shard expects I/N, the part and how many parts (e.g. 3/10), whole numbers of at "
                         f"most {MOST_PARTS} parts, got {shown!r}")
    i, n = int(m.group(1)), int(m.group(2))
    if not 1 <= n <= MOST_PARTS:
        raise ShardError(f"--shard {text.strip()}: expected from 1 to {MOST_PARTS} parts, got {n}")
    if not 1 <= i <= n:
        raise ShardError(f"--shard {text.strip()}: the part must be from 1 to the number of parts (e.g. 1/{max(n, 2)})")
    return i, n


def spans(numbers: list[int]) -> str:
    """Sorted whole numbers as runs: ``[1, 2, 3, 7, 9, 10]`` -> ``"1-3, 7, 9-10"`` (so a merge
    missing 99,999 parts says so in a line, not in a megabyte)."""
    out: list[str] = []
    start = prev = None
    for x in [*numbers, None]:
        if x is not None and prev is not None and x == prev + 1:
            prev = x
            continue
        if start is not None:
            out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = x
    return ", ".join(out)


def shard_range(runs: int, i: int, n: int) -> tuple[int, int]:
    """(first battle, number of battles) of part ``i`` of ``n`` of a batch of ``runs``."""
    first = (i - 1) * runs // n
    return first, i * runs // n - first


def fingerprint(scenario_data: dict[str, Any], plugins: Iterable[str] = ()) -> str:
    """What identifies the battles of a batch: the scenario as loaded (not its file's spelling),
    the plugins in play with their versions, and this Slugfest's version (other rules code would
    fight other battles from the same seeds)."""
    known = catalog()
    versions = sorted((name, known[name].version if name in known else "") for name in plugins)

    try:
        mine = importlib.metadata.version("slugfest")
    except importlib.metadata.PackageNotFoundError:
        mine = "source"
    text = json.dumps({"scenario": scenario_data, "plugins": versions, "slugfest": mine}, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def part_document(agg: Aggregate, *, scenario: str, system: str, turn_limit: int, base_seed: int, runs: int,
                  shard: tuple[int, int], print_: str, interrupted: bool, ai: str | None = None) -> dict[str, Any]:
    """What one part writes beside its report: enough to merge and to refuse a wrong merge
    (``ai``: the one AI ``--ai`` had play every combatant, for the merged report to name; the
    fingerprint already tells batches of different AIs apart)."""
    i, n = shard
    first, count = shard_range(runs, i, n)
    return {"kind": KIND, "scenario": scenario, "system": system, "turn_limit": turn_limit,
            "base_seed": base_seed, "runs_requested": runs, "fingerprint": print_, "ai": ai,
            "shard": {"part": i, "of": n, "first": first, "battles": count, "complete": not interrupted},
            "state": agg.state()}


def _check_header(doc: dict[str, Any], file: str) -> None:
    """The keys a part's head must hold, each of its type and in its range (checked before any
    is compared, looked up or counted to)."""
    shard = doc.get("shard")
    part, of = (shard.get("part"), shard.get("of")) if isinstance(shard, dict) else (None, None)
    if not (isinstance(shard, dict) and type(part) is int and type(of) is int and 1 <= part <= of <= MOST_PARTS):
        shown = repr(shard) if len(repr(shard)) <= 80 else repr(shard)[:77] + "..."
        raise ShardError(f"{file}: its shard is {shown}; expected part and of, whole numbers with "
                         f"1 <= part <= of <= {MOST_PARTS} (as `--shard I/N` writes them)")
    if not isinstance(shard.get("complete", True), bool):
        raise ShardError(f"{file}: shard.complete: expected true or false, got {shard.get('complete')!r:.60}")
    try:
        a_name(doc.get("scenario"), "scenario")
        a_name(doc.get("system"), "system")
        if doc.get("ai") is not None:
            a_name(doc.get("ai"), "ai")
        a_text(doc.get("fingerprint"), "fingerprint", 100)
        count(doc.get("turn_limit"), "turn_limit", 1, 10**6)
        count(doc.get("base_seed"), "base_seed", 0, 2**63 - 1)
        count(doc.get("runs_requested"), "runs_requested", 1, 10**9)
    except StateProblem as exc:
        raise ShardError(f"{file}: {exc}") from None


@dataclass
class Merged:
    aggregate: Aggregate
    header: dict[str, Any]  # scenario, system, turn_limit, base_seed, runs_requested
    parts: list[int]
    missing: list[int]
    incomplete: list[int]


def merge_parts(documents: list[tuple[str, Any]]) -> Merged:
    """Merge parts, given as (file name, parsed JSON); refuse parts that do not belong together."""
    if not documents:
        raise ShardError("nothing to merge: give the JSON files the parts wrote")
    heads: dict[str, Any] | None = None
    first_file = ""
    seen: dict[int, str] = {}
    merged: Aggregate | None = None
    incomplete = []
    for name, doc in documents:
        if not isinstance(doc, dict) or doc.get("kind") != KIND or "state" not in doc:
            raise ShardError(f"{name}: not a part of a batch (write one with `slugfest simulate ... --shard I/N "
                             f"--json FILE`)")
        _check_header(doc, name)
        head = {k: doc.get(k) for k in ("scenario", "system", "turn_limit", "base_seed", "runs_requested",
                                        "fingerprint", "ai")}
        head["of"] = doc["shard"]["of"]
        if heads is None:
            heads, first_file = head, name
        else:
            if head["ai"] != heads["ai"]:  # (a part written before --ai carried none: the scenario's AIs)
                said = [f"--ai {h['ai']}" if h["ai"] else "the scenario's own AIs" for h in (head, heads)]
                raise ShardError(f"{name}: a part played by {said[0]}, {first_file} by {said[1]}; only parts of one "
                                 "batch merge")
            if head["fingerprint"] != heads["fingerprint"]:
                what = (f"scenario {head['scenario']!r}, not {heads['scenario']!r}" if head["scenario"] != heads["scenario"]
                        else f"another version of {head['scenario']!r} (its characters, map, rules or plugins differ)")
                raise ShardError(f"{name}: a part of a batch of {what} than the one in {first_file}; only parts of one "
                                 "batch merge")
            for key, label in (("base_seed", "base seed"), ("runs_requested", "--runs"), ("of", "number of parts")):
                if head[key] != heads[key]:
                    raise ShardError(f"{name}: a different {label} from {first_file} ({head[key]!r} against "
                                     f"{heads[key]!r}); only parts of one batch merge")
        part = doc["shard"]["part"]
        if part in seen:
            raise ShardError(f"{name}: part {part} of {head['of']} again (already in {seen[part]}); "
                             "its battles would count twice")
        seen[part] = name
        if not doc["shard"].get("complete", True):
            incomplete.append(part)
        try:
            check_state(doc["state"])  # the structure first, so nothing is summed from a wrong type
            agg = Aggregate.from_state(doc["state"])
        except StateProblem as exc:
            raise ShardError(f"{name}: {exc}") from None
        if merged is None:
            merged = agg
        else:
            merged.merge(agg)
    assert heads is not None and merged is not None
    missing = [p for p in range(1, heads["of"] + 1) if p not in seen]
    return Merged(merged, heads, sorted(seen), missing, sorted(incomplete))
