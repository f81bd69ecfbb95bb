"""The files a person writes or keeps: scenarios (:mod:`.scenario`, read through :mod:`.schema`
with every mistake located by :mod:`.locate`, after :mod:`.bounds` has checked the text's size),
saves (:mod:`.saves`), character files from other tools (:mod:`.importing`), and writing any of
them atomically (:mod:`.atomic`)."""
