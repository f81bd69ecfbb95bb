"""What every rules system is built from: the dice (:mod:`.dice`), the map and how far a walker
gets on it (:mod:`.grid`, :mod:`.reach`), frozen records (:mod:`.records`), odds and
system-neutral facts for the AIs (:mod:`.odds`, :mod:`.vitals`), figures kept per sheet
(:mod:`.memo`), copying state for a fork (:mod:`.statecopy`), and checks on what plugins hand
back (:mod:`.validate`)."""
