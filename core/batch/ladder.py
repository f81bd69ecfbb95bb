"""A round robin with sides swapped: every entrant against every other, rated.

Entrants are either AIs (each pairing plays the scenario with one AI running every combatant
of the first side and the other AI the second side, then the other way round) or the
combatants of a roster file (each pairing a duel on the file's map: one combatant on the
first side's first cell, the other on the second side's, then swapped). Playing both
seatings, with the same seeds, cancels whatever one seat is worth (the stronger team, the
better cell, being listed first), so what is left is the entrants'.

The ratings are a Bradley-Terry fit (the model behind Elo: P(i beats j) = p_i / (p_i + p_j)),
by the classic minorisation-maximisation iteration (Hunter 2004), with a draw scored half a win
each way and half a draw added to every pairing, so an entrant that won or lost everything still
has a finite rating. They are printed on the Elo scale (400 points = odds of 10 to 1) around a
mean of 1500, each with a 95% interval from the fit's Fisher information (the covariance of the
mean-centred log strengths is the pseudo-inverse of that matrix).
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .stats import wilson

ELO = 400 / math.log(10)
PRIOR = 0.5  # half a draw added to each pairing: a rating stays finite after a clean sweep


@dataclass
class Pairing:
    """One seating of one pairing: the scenario data, who sits where."""

    first: str  # the entrant on the first side
    second: str
    data: dict[str, Any]


def ai_pairings(data: dict[str, Any], ais: list[str]) -> Iterator[Pairing]:
    """Every pair of AIs, in both seatings, on the scenario as given."""
    for i, x in enumerate(ais):
        for y in ais[i + 1:]:
            for a, b in ((x, y), (y, x)):
                d = copy.deepcopy(data)
                for c in d["sides"][0]["combatants"]:
                    c["ai"] = a
                for side in d["sides"][1:]:
                    for c in side["combatants"]:
                        c["ai"] = b
                d["battle"]["name"] = f"{d['battle']['name']}: {a} vs {b}"[:120]
                yield Pairing(a, b, d)


def roster(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The combatants of a roster file, in its order."""
    return [c for side in data["sides"] for c in side["combatants"]]


def combatant_pairings(data: dict[str, Any], ids: list[str] | None = None) -> Iterator[Pairing]:
    """Every pair of the file's combatants as a duel, in both seatings: the first on the first
    side's first cell, the second on the second side's (the file needs two sides to say where)."""
    people = {str(c["id"]): c for c in roster(data)}
    chosen = ids or list(people)
    cells = [data["sides"][0]["combatants"][0]["position"], data["sides"][1]["combatants"][0]["position"]]
    for i, x in enumerate(chosen):
        for y in chosen[i + 1:]:
            for a, b in ((x, y), (y, x)):
                d = copy.deepcopy(data)
                ca, cb = copy.deepcopy(people[a]), copy.deepcopy(people[b])
                ca["position"], cb["position"] = list(cells[0]), list(cells[1])
                d["sides"] = [{"name": str(ca.get("name", a))[:60], "combatants": [ca]},
                              {"name": _apart(str(cb.get("name", b)), str(ca.get("name", a)))[:60],
                               "combatants": [cb]}]
                d["battle"]["name"] = f"{d['battle']['name']}: {a} vs {b}"[:120]
                yield Pairing(a, b, d)


def _apart(name: str, other: str) -> str:
    return f"{name} (2)" if name == other else name


@dataclass
class Record:
    """What ``row`` did against ``col`` over both seatings."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass
class Rating:
    name: str
    rating: float
    low: float
    high: float
    score: float  # points (a draw half) over games, against everyone
    games: int


@dataclass
class Ladder:
    entrants: list[str]
    records: dict[tuple[str, str], Record] = field(default_factory=dict)

    def record(self, row: str, col: str) -> Record:
        return self.records.setdefault((row, col), Record())

    def add(self, first: str, second: str, first_wins: int, second_wins: int, draws: int) -> None:
        """One seating's results, from the first-seated entrant's side."""
        for me, them, w, lost in ((first, second, first_wins, second_wins), (second, first, second_wins, first_wins)):
            r = self.record(me, them)
            r.wins += w
            r.losses += lost
            r.draws += draws

    def ratings(self) -> list[Rating]:
        """Bradley-Terry ratings, best first (see the module's docstring)."""
        names = self.entrants
        k = len(names)
        idx = {n: i for i, n in enumerate(names)}
        w = [[0.0] * k for _ in range(k)]  # w[i][j]: points i scored against j
        for (a, b), r in self.records.items():
            w[idx[a]][idx[b]] += r.wins + r.draws / 2
        for i in range(k):
            for j in range(k):
                if i != j:
                    w[i][j] += PRIOR / 2
        games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
        p = [1.0] * k
        for _ in range(10_000):
            new = []
            for i in range(k):
                denom = sum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
                new.append(sum(w[i]) / denom if denom else p[i])
            mean = math.exp(sum(math.log(x) for x in new) / k)
            new = [x / mean for x in new]
            done = max(abs(math.log(a / b)) for a, b in zip(new, p)) < 1e-10
            p = new
            if done:
                break
        theta = [math.log(x) for x in p]
        info = [[0.0] * k for _ in range(k)]
        for i in range(k):
            for j in range(k):
                if i != j:
                    q = p[i] / (p[i] + p[j])
                    v = games[i][j] * q * (1 - q)
                    info[i][i] += v
                    info[i][j] -= v
        cov = _pinv_laplacian(info)
        out = []
        for n, i in idx.items():
            se = math.sqrt(max(0.0, cov[i][i])) * ELO
            rating = 1500 + theta[i] * ELO
            played = sum(self.record(n, m).games for m in names if m != n)
            points = sum(self.record(n, m).wins + self.record(n, m).draws / 2 for m in names if m != n)
            out.append(Rating(n, rating, rating - 1.959964 * se, rating + 1.959964 * se,
                              points / played if played else 0.0, played))
        return sorted(out, key=lambda x: -x.rating)

    def as_dict(self) -> dict[str, Any]:
        table = {}
        for a in self.entrants:
            row = {}
            for b in self.entrants:
                if a == b:
                    continue
                r = self.record(a, b)
                lo, hi = wilson(r.wins, r.decided)
                row[b] = {"wins": r.wins, "losses": r.losses, "draws": r.draws,
                          "share_of_decided": round(r.wins / r.decided, 4) if r.decided else None,
                          "ci95": [round(lo, 4), round(hi, 4)]}
            table[a] = row
        return {"entrants": self.entrants, "matchups": table,
                "ratings": [{"name": r.name, "rating": round(r.rating, 1), "ci95": [round(r.low, 1), round(r.high, 1)],
                             "score": round(r.score, 4), "games": r.games} for r in self.ratings()]}


def _pinv_laplacian(m: list[list[float]]) -> list[list[float]]:
    """The pseudo-inverse of a symmetric matrix whose null space is the constant vector (as
    Fisher information of Bradley-Terry strengths is): inv(M + J/k) - J/k."""
    k = len(m)
    a = [[m[i][j] + 1 / k for j in range(k)] + [1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        if abs(lead) < 1e-300:
            return [[math.inf if i == j else 0.0 for j in range(k)] for i in range(k)]
        a[col] = [x / lead for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [[a[i][k + j] - 1 / k for j in range(k)] for i in range(k)]


def play(pairings: list[Pairing], run: Callable[[Pairing], tuple[int, int, int]], entrants: list[str],
         on_pairing: Callable[[int, int, Pairing], None] | None = None) -> Ladder:
    """Every seating's (first wins, second wins, draws) from ``run``, into a ladder."""
    ladder = Ladder(entrants)
    for i, p in enumerate(pairings):
        if on_pairing is not None:
            on_pairing(i, len(pairings), p)
        ladder.add(p.first, p.second, *run(p))
    return ladder
