"""Marvel Multiverse Role-Playing Game: pure rules (one module per rule family) and the round.

Rule modules (``d616``, ``damage``, ``conditions``, ``initiative``) are pure functions over
typed values; ``sheet`` reads a scenario's Marvel keys; ``engine`` runs initiative, the bonus
round and each character's turn, and is the only place that changes battle state.
"""
