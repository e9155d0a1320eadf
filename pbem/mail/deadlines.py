"""The deadline code moved to pbem.deadlines (reports read it too); this name stays for the mail's own imports."""

from pbem.deadlines import (
    DAYS,
    KEYS,
    MISSED,
    TURN_HOURS,
    After,
    DeadlineError,
    Policy,
    Rule,
    Track,
    Weekly,
    current,
    ics,
    is_turn,
    load_track,
    local_text,
    open_deadline,
    open_track,
    opening,
    parse_rule,
    policy,
    running,
    save_track,
    seat_deadline,
    seat_deadline_text,
    settings_of,
    track_path,
    zone,
)

__all__ = [
    "DAYS", "KEYS", "MISSED", "TURN_HOURS", "After", "DeadlineError", "Policy", "Rule", "Track", "Weekly", "current",
    "ics", "is_turn", "load_track", "local_text", "open_deadline", "open_track", "opening", "parse_rule", "policy",
    "running", "save_track", "seat_deadline", "seat_deadline_text", "settings_of", "track_path", "zone",
]
