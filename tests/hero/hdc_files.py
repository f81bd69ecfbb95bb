"""Small synthetic Hero Designer files, written by the tests themselves (the real ones stay in
``../shared/fixtures/hdc/`` and never enter the repository)."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

CHARACTERISTICS = ("STR", "DEX", "CON", "INT", "EGO", "PRE", "OCV", "DCV", "OMCV", "DMCV", "SPD", "PD", "ED",
                   "REC", "END", "BODY", "STUN", "RUNNING", "SWIMMING", "LEAPING")
#: A 5th Edition file's rows: no OCV to buy, Comeliness, and the figured ones after the primaries.
CHARACTERISTICS_5E = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM", "PD", "ED", "SPD", "REC", "END", "STUN",
                      "RUNNING", "SWIMMING", "LEAPING")


def part(tag: str, xmlid: str, *children: str, **attrs: object) -> str:
    """One element: ``part("POWER", "RKA", LEVELS=2, INPUT="PD", NAME="Claws")``."""
    attrs.setdefault("ALIAS", xmlid.title())
    attrs.setdefault("LEVELS", 0)
    attrs.setdefault("BASECOST", "0.0")
    text = " ".join(f"{k}={quoteattr(str(v))}" for k, v in {"XMLID": xmlid, **attrs}.items())
    inner = "".join(children)
    return f"<{tag} {text}>{inner}<NOTES /></{tag}>"


def modifier(xmlid: str, *children: str, **attrs: object) -> str:
    return part("MODIFIER", xmlid, *children, **attrs)


def adder(xmlid: str, **attrs: object) -> str:
    return part("ADDER", xmlid, **attrs)


def power(xmlid: str, *children: str, **attrs: object) -> str:
    return part("POWER", xmlid, *children, **attrs)


def character(name: str = "Test Subject", *, template: str = "builtIn.Superheroic6E.hdt",
              levels: dict[str, int] | None = None, powers: tuple[str, ...] = (), skills: tuple[str, ...] = (),
              talents: tuple[str, ...] = (), equipment: tuple[str, ...] = (), disads: tuple[str, ...] = (),
              martial: tuple[str, ...] = (), perks: tuple[str, ...] = ()) -> str:
    levels = levels or {}
    rows = CHARACTERISTICS if template.lower().endswith("6e.hdt") else CHARACTERISTICS_5E
    chars = "".join(part(c, c, LEVELS=levels.get(c, 0), ALIAS=c) for c in rows)
    return (f'<?xml version="1.0" encoding="UTF-16"?>\r\n'
            f'<CHARACTER version="6.0" TEMPLATE={quoteattr(template)}>\r\n'
            f'  <BASIC_CONFIGURATION BASE_POINTS="400" DISAD_POINTS="75" EXPERIENCE="0" />\r\n'
            f'  <CHARACTER_INFO CHARACTER_NAME={quoteattr(name)}><BACKGROUND /></CHARACTER_INFO>\r\n'
            f'  <CHARACTERISTICS>{chars}</CHARACTERISTICS>\r\n'
            f'  <SKILLS>{"".join(skills)}</SKILLS><PERKS>{"".join(perks)}</PERKS>'
            f'<TALENTS>{"".join(talents)}</TALENTS><MARTIALARTS>{"".join(martial)}</MARTIALARTS>\r\n'
            f'  <POWERS>{"".join(powers)}</POWERS><DISADVANTAGES>{"".join(disads)}</DISADVANTAGES>'
            f'<EQUIPMENT>{"".join(equipment)}</EQUIPMENT>\r\n'
            f'</CHARACTER>\r\n')


def write(path: Path, text: str, encoding: str = "utf-16-be") -> Path:
    """Write as Hero Designer does (UTF-16 with a byte-order mark) or as another tool would."""
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + text.encode("utf-16-be")
    elif encoding == "utf-16-le":
        data = b"\xff\xfe" + text.encode("utf-16-le")
    else:
        data = text.encode(encoding)
    path.write_bytes(data)
    return path
