"""Recovery: the Recovery Time table, REC to STUN and END, and waking from a knockout."""

from __future__ import annotations

from ..rules.records import record

EVERY_PHASE = "every-phase"
POST_12_ONLY = "post-12"
ONCE_A_MINUTE = "once-a-minute"
GM_OPTION = "gm-option"


def recovery_band(stun: int) -> str:
    """Recovery Time table by current STUN.

    0 to -10: every Phase and Post-Segment 12; -11 to -20: Post-Segment 12 only;
    -21 to -30: once a minute; -31 or lower: the GM's option (a long time).
    Characters above 0 STUN are conscious and recover normally.
    """
    if stun >= -10:
        return EVERY_PHASE
    if stun >= -20:
        return POST_12_ONLY
    if stun >= -30:
        return ONCE_A_MINUTE
    return GM_OPTION


def may_recover(stun: int, occasion: str, turn: int, deep_ko: str = "never") -> bool:
    """Whether a character at ``stun`` gets a Recovery on ``occasion`` (``phase`` or ``post-12``).

    Once a minute = once every 5 Turns (a Turn is 12 seconds): the Post-Segment-12 Recovery
    of Turns 5, 10, 15... GM's option reads as never within a battle (``deep_ko = "never"``)
    or, switched to ``"once-a-minute"``, like the band above it.
    """
    band = recovery_band(stun)
    if band == EVERY_PHASE:
        return True
    if band == POST_12_ONLY:
        return occasion == "post-12"
    if band == ONCE_A_MINUTE or deep_ko == "once-a-minute":
        return occasion == "post-12" and turn % 5 == 0
    return False


@record
class RecoveryResult:
    stun: int
    end: int
    woke: bool


def recover(stun: int, end: int, rec: int, max_stun: int, max_end: int, knocked_out: bool = False) -> RecoveryResult:
    """Add REC to STUN and END, never above the maximum (a value already above stays as it is).

    A negative REC recovers nothing. A Knocked-Out character wakes once STUN is above 0 and
    its END is then set equal to its STUN, but never above its maximum END (a sheet with END 1
    and STUN 30 wakes with END 1); while still out, END cannot exceed the (negative or zero)
    STUN, so it stays at 0.
    """
    rec = max(rec, 0)
    new_stun = stun if stun >= max_stun else min(stun + rec, max_stun)
    new_end = end if end >= max_end else min(end + rec, max_end)
    if knocked_out:
        if new_stun > 0:
            return RecoveryResult(new_stun, min(new_stun, max(max_end, 0)), True)
        return RecoveryResult(new_stun, 0, False)
    return RecoveryResult(new_stun, new_end, False)
