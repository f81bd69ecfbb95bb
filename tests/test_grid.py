"""The battle map's searches: the shortcut for walk lengths agrees with the search itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from slugfest.core.rules.grid import Grid, clear_line, distance, line

W, H = 9, 7
cells = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))


@given(st.frozensets(cells, max_size=12), st.sets(cells, max_size=5), cells, cells,
       st.one_of(st.none(), st.integers(0, 8)))
@settings(max_examples=300, deadline=None)
def test_steps_next_to_is_the_length_of_the_walk_path_finds(walls, people, start, goal, limit):
    grid = Grid(W, H, walls - {start, goal})
    expected = grid.path(start, goal, people, stop_adjacent=True, limit=limit)
    got = grid.steps_next_to(start, goal, people, limit)
    assert got == (None if expected is None else len(expected))


@given(st.frozensets(cells, max_size=12), st.sets(cells, max_size=5), cells,
       st.lists(st.tuples(cells, st.integers(-1, 12)), min_size=1, max_size=6))
@settings(max_examples=300, deadline=None)
def test_one_search_answers_each_foe_as_the_walk_path_finds_in_any_order(walls, people, start, asks):
    """``Layers.steps_next_to`` (a menu's "how many steps to stand next to this foe") is the
    length of the walk the map's own search finds, whichever foes were asked about before (the
    layers already made are read, more are made as needed) and whatever the limit."""
    grid = Grid(W, H, walls - {start})
    layers = grid.layers(start, people - {start})
    for goal, limit in asks:
        if goal == start:
            continue  # a foe never stands in the walker's own cell
        walk = grid.path(start, goal, people - {start}, stop_adjacent=True, limit=max(limit, 0))
        expected = 0 if distance(start, goal) <= 1 else None if walk is None or limit < 0 else len(walk)
        assert layers.steps_next_to(goal, limit) == expected


@given(st.frozensets(cells, max_size=12), st.sets(cells, max_size=5), cells,
       st.lists(st.tuples(cells, st.integers(0, 12)), min_size=1, max_size=6))
@settings(max_examples=300, deadline=None)
def test_whether_a_walk_ends_next_to_a_foe_is_whether_the_walk_search_finds_one(walls, people, start, asks):
    """``Layers.reaches_next_to`` (a Marvel menu's "can it get next to this foe this turn") is
    ``steps_next_to`` not None, whatever was asked before (one mask, not a layer at a time)."""
    grid = Grid(W, H, walls - {start})
    layers, fresh = grid.layers(start, people - {start}), grid.layers(start, people - {start})
    for goal, limit in asks:
        assert layers.reaches_next_to(goal, limit) == (fresh.steps_next_to(goal, limit) is not None)


@given(st.frozensets(cells, max_size=16), st.sets(cells, max_size=5), cells, st.integers(0, 12))
@settings(max_examples=300, deadline=None)
def test_the_layers_reach_the_cells_a_breadth_first_flood_reaches_in_as_many_steps(walls, people, start, limit):
    """A layer of the bit-mask search (a step as shifts of the whole map) holds exactly the cells
    the map's plain breadth-first flood reaches within as many steps, edges and corners included."""
    grid = Grid(W, H, walls - {start})
    people = people - {start}
    assert grid.layers(start, people).steps(limit) == grid.flood(start, people, limit).steps


@given(st.frozensets(cells, max_size=20), st.lists(st.tuples(st.sets(cells, max_size=12), cells), min_size=1, max_size=6))
@settings(max_examples=300, deadline=None)
def test_the_cells_in_sight_of_a_goal_are_those_the_line_of_sight_clears_whatever_was_asked_before(walls, asks):
    """``in_sight_of`` (a Marvel shooter's cells it might fire from that see a foe) says what
    asking :meth:`line_of_sight` of each cell would, whichever cells and goals were asked about
    before (the map keeps what it tested for each goal, and tests only cells it never did)."""
    grid = Grid(W, H, walls)
    for tried, goal in asks:
        expected = {c for c in tried if Grid(W, H, walls).line_of_sight(c, goal)}
        assert set(grid.bits.cells(grid.in_sight_of(grid.bits.mask(tried), goal))) == expected


@given(st.frozensets(cells, max_size=20), cells, cells)
def test_a_clear_line_is_a_line_with_no_wall_before_its_end(walls, a, b):
    """``clear_line`` (the sight test, stopping at the first wall) says what the drawn line
    says: no wall on it but at its far end (either end may be a wall; ``a`` is not on it)."""
    assert clear_line(a, b, walls) == (not any(c in walls for c in line(a, b)[:-1]))


@given(st.frozensets(cells, max_size=20), st.lists(st.tuples(cells, cells), min_size=1, max_size=8))
@settings(max_examples=300, deadline=None)
def test_line_of_sight_is_the_drawn_line_clear_of_walls_whatever_was_asked_before(walls, asks):
    """The map answers a line through walls with one mask per direction, shifted to where the
    line starts: it says what drawing that line says, for lines sharing a direction from other
    cells too (the masks kept are the map's, not one line's)."""
    grid = Grid(W, H, walls)
    for a, b in asks:
        for shift in range(3):  # the same line one and two cells along, where it stays on the map
            start, end = (a[0] + shift, a[1]), (b[0] + shift, b[1])
            if grid.inside(start) and grid.inside(end):
                assert grid.line_of_sight(start, end) == clear_line(start, end, walls)
                assert grid.line_of_sight(end, start) == clear_line(end, start, walls)


@given(st.frozensets(cells, max_size=20), cells, cells)
def test_walls_within_counts_the_walls_in_a_rectangle(walls, a, b):
    grid = Grid(W, H, walls)
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    assert grid.walls_within(x0, y0, x1, y1) == sum(1 for x, y in walls if x0 <= x <= x1 and y0 <= y <= y1)


def test_an_open_rectangle_needs_no_search_and_a_wall_forces_the_way_round():
    open_grid = Grid(10, 10)
    assert open_grid.steps_next_to((0, 0), (5, 3)) == distance((0, 0), (5, 3)) - 1 == 4
    walled = Grid(10, 10, frozenset({(1, 0), (1, 1), (0, 1)}))  # boxed into the corner
    assert walled.steps_next_to((0, 0), (5, 3)) is None
    assert Grid(10, 10).steps_next_to((0, 0), (5, 3), limit=3) is None


@given(st.frozensets(cells, max_size=12), st.sets(cells, max_size=4), cells, cells,
       st.lists(st.tuples(cells, st.integers(0, 3)), max_size=3), st.integers(0, 6), st.integers(0, 10))
@settings(max_examples=300, deadline=None)
def test_nearest_is_the_closest_safe_cells_of_the_walk_search(walls, people, start, goal, keep_out, limit,
                                                              nearer_than):
    """``Layers.nearest`` (the AI's "as near the foe as it can, out of every foe's reach") finds
    exactly the cells the plain way finds: every cell within the walk limit, less the keep-out
    squares, kept at the least distance from the goal below ``nearer_than``."""
    grid = Grid(W, H, walls - {start})
    walkable = grid.layers(start, people - {start}).steps(limit)
    safe = {c: k for c, k in walkable.items()
            if all(distance(c, centre) > radius for centre, radius in keep_out) and distance(c, goal) < nearer_than}
    least = min((distance(c, goal) for c in safe), default=None)
    expected = {c: k for c, k in safe.items() if distance(c, goal) == least}
    assert grid.layers(start, people - {start}).nearest(goal, limit, nearer_than, keep_out) == expected


@given(st.frozensets(cells, max_size=12), st.lists(cells, max_size=5), cells, cells, st.booleans(),
       st.one_of(st.none(), st.integers(0, 8)))
@settings(max_examples=200, deadline=None)
def test_a_kept_walk_is_the_walk_a_fresh_map_finds_whoever_asks_and_however(walls, people, start, goal, adjacent,
                                                                            limit):
    """The map keeps the walks it has found (issue 35): the same ends, people and limit give the
    same walk as a map that never searched, whatever order the people come in, and a caller who
    cuts or extends its walk does not change the next caller's."""
    grid = Grid(W, H, walls - {start, goal})
    first = grid.path(start, goal, people, stop_adjacent=adjacent, limit=limit)
    if first is not None:
        first.append((-1, -1))  # a caller extending its copy
    again = grid.path(start, goal, list(reversed(people)), stop_adjacent=adjacent, limit=limit)
    fresh = Grid(W, H, walls - {start, goal}).path(start, goal, set(people), stop_adjacent=adjacent, limit=limit)
    assert again == fresh


def test_a_walk_breaks_a_tie_of_length_and_straightness_toward_the_lower_x_then_y():
    """Around a corner of wall, (0, 2) and (2, 0) are as near the goal in steps and as the crow
    flies: the walk takes (0, 2), the lower cell as (x, y) order it (the search numbers cells
    x * height + y so that its ties fall as before, issue 35; y-major would take (2, 0))."""
    grid = Grid(6, 6, frozenset({(2, 2), (1, 2), (2, 1)}))
    assert grid.path((1, 1), (3, 3)) == [(0, 2), (1, 3), (2, 3), (3, 3)]
    assert grid.path((1, 1), (3, 3), stop_adjacent=True) == [(0, 2), (1, 3), (2, 3)]


def test_a_map_sent_to_another_process_carries_the_map_not_what_was_kept_of_it():
    import pickle

    grid = Grid(W, H, frozenset({(3, 3)}))
    walk = grid.path((0, 0), (6, 6))
    grid.line_of_sight((0, 0), (6, 6))
    sent = pickle.loads(pickle.dumps(grid))
    assert sent == grid and not {"_walks", "_sight"} & set(vars(sent))
    assert sent.path((0, 0), (6, 6)) == walk


@given(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_the_distance_is_the_larger_offset_a_diagonal_step_counting_one(a, b):
    assert distance(a, b) == distance(b, a) == max(abs(a[0] - b[0]), abs(a[1] - b[1]))
