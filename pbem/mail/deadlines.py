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
    parse_rule,
    policy,
    save_track,
    settings_of,
    track_path,
    zone,
)

__all__ = [
    "DAYS", "KEYS", "MISSED", "TURN_HOURS", "After", "DeadlineError", "Policy", "Rule", "Track", "Weekly", "current",
    "ics", "is_turn", "load_track", "local_text", "parse_rule", "policy",
    "save_track", "settings_of", "track_path", "zone",
]
