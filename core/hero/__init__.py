"""HERO System 6th Edition: pure rules (one module per rule family) and the Speed Chart turn.

Rule modules (``dice``, ``combat_values``, ``attack``, ``damage``, ``endurance``,
``recovery``, ``knockback``, ``speed``) are pure functions over typed values. ``engine``
runs the 12-Segment Turn and is the only place that changes battle state.
"""
