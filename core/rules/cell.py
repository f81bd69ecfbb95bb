"""A cell of the battle map: (x, y), counted from the top left corner. Its own module so that
the map (:mod:`.grid`) and the searches it hands work to (:mod:`.reach`, :mod:`.walks`) all
name it without importing one another in a circle."""

Cell = tuple[int, int]
