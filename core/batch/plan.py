"""Which battle each position of a batch run is: the seed of battle ``i`` of a batch, and the
interleaving of several scenarios (a sweep's variants) run side by side in one pool.

Battle ``i`` of a batch with base seed ``S`` always has the seed :func:`battle_seed` (S, i),
whatever the number of processes, the shard or the cluster span it is played in.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..files.scenario import Scenario
from .stats import BattleError


def battle_seed(base: int, index: int) -> int:
    """A seed for battle ``index`` of a batch, independent of how the batch is split."""
    digest = hashlib.blake2b(f"{base}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Plan:
    """Which battle each position of a run is, for one scenario or several run side by side.

    A sweep runs its variants in one pool, each on the same battles (the same seeds) as the
    others: positions ``0 .. total - 1`` interleave them in blocks of ``block`` battles (variant
    0's first block, variant 1's first block, ..., then everyone's second block), so they all
    advance together and a stopping rule can look at all of them after each round of blocks.
    With one scenario, position ``g`` is simply battle ``first + g``."""

    scenarios: tuple[Scenario, ...]
    runs: int  # battles per scenario
    base_seed: int
    first: int = 0  # the first battle's index in its batch (a --shard part starts later)
    block: int = 100

    @property
    def total(self) -> int:
        return len(self.scenarios) * self.runs

    def locate(self, g: int) -> tuple[int, int]:
        """(which scenario, which battle of its batch) position ``g`` plays."""
        k = len(self.scenarios)
        if k == 1:
            return 0, self.first + g
        span = self.block * k
        full = self.runs // self.block
        if g < full * span:
            b, r = divmod(g, span)
            v, j = divmod(r, self.block)
            return v, self.first + b * self.block + j
        tail = self.runs - full * self.block
        v, j = divmod(g - full * span, tail)
        return v, self.first + full * self.block + j

    def seed(self, g: int) -> int:
        return battle_seed(self.base_seed, self.locate(g)[1])

    def error(self, g: int, why: str) -> BattleError:
        return BattleError(self.locate(g)[1], self.seed(g), why)
