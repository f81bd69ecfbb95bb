"""Marvel Multiverse Role-Playing Game: pure rules (one module per rule family), the table of
turns and the round. :mod:`.system` lists where each part lives."""
