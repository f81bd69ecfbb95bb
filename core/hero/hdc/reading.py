"""Reading a Hero Designer character file (``.hdc``) safely, into typed parts.

The files come from other people (a campaign's shared folder, a forum post), so they are read
as untrusted input: a size bound before anything is parsed, ``defusedxml`` (no DTDs, no entity
expansion, no external references), and every number checked where it is read. A file that
cannot be read gives one :class:`HdcError` naming the file and what was wrong, never a traceback.

Hero Designer writes UTF-16 with a byte-order mark (either byte order, CRLF line ends); other
tools re-save the same XML as UTF-8. The byte-order mark, or failing one the bytes themselves,
say which; the XML declaration's own ``encoding`` is not trusted (a re-encoded file keeps
``encoding="UTF-16"`` in it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from xml.etree.ElementTree import ParseError

import defusedxml.ElementTree as safe_et
from defusedxml import DefusedXmlException

from ...errors import SlugfestError
from ...files.bounds import UnreadableFile, bounded_fraction, read_limited

#: No character file comes near this (a 400-point sheet with a portrait is under 1 MB); a
#: larger file is refused before it is read.
MAX_BYTES = 16 * 1024 * 1024

#: Nested powers deeper than this (a Compound Power in a Multipower in a list...) are refused.
MAX_DEPTH = 12

#: Parts (powers, modifiers, adders) in one file, at most.
MAX_PARTS = 20_000

#: The XMLID older Hero Designer versions leave out, by the part's tag (a characteristic's or a
#: movement's tag is its XMLID).
_OLDER_FORMAT = {"MANEUVER": "MANEUVER", "LIST": "GENERIC_OBJECT", "MULTIPOWER": "GENERIC_OBJECT",
                 "VPP": "GENERIC_OBJECT", "ELEMENTAL_CONTROL": "GENERIC_OBJECT"}

_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>", re.DOTALL)


def clean(text: str | None, limit: int = 200) -> str:
    """A name or label from the file as one line of plain text: whitespace (newlines written as
    ``&#10;`` among it) collapsed, control characters dropped, at most ``limit`` characters. The
    written scenario quotes these in comments, where a newline would start a TOML line of the
    file's choosing."""
    if not text:
        return ""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())[:limit]


class HdcError(SlugfestError):
    """A file the importer cannot read or will not import: the message names the file."""

    def __init__(self, file: str, message: str) -> None:
        self.file = file
        self.message = message
        super().__init__(f"{file}: {message}")


@dataclass(frozen=True)
class Part:
    """One element of the file that has an ``XMLID``: a characteristic, power, skill, talent,
    perk, maneuver, complication, modifier or adder, with the parts nested in it.

    Numbers are read once, here, as exact fractions (costs such as 1.5 or -0.25 stay exact)."""

    tag: str
    xmlid: str
    alias: str
    name: str
    levels: Fraction
    option: str
    option_alias: str
    input: str
    basecost: Fraction
    lvlcost: Fraction | None
    lvlval: Fraction | None
    id: str
    parent_id: str
    attrs: Mapping[str, str]
    notes: str = ""  # the player's notes on it (Hero Designer's NOTES text), one line
    modifiers: tuple[Part, ...] = ()
    adders: tuple[Part, ...] = ()
    children: tuple[Part, ...] = ()

    @property
    def label(self) -> str:
        """How the report names it: the player's name for it, then what it is."""
        what = self.alias or self.xmlid
        return f"{self.name} ({what})" if self.name and self.name != what else what

    def number(self, key: str, default: Fraction = Fraction(0)) -> Fraction:
        """Another numeric attribute (``PDLEVELS``...), read as strictly as the common ones."""
        return _number(self.attrs, key, default, self._where)

    @property
    def _where(self) -> str:
        return f"<{self.tag} XMLID={self.xmlid!r}{' NAME=' + repr(self.name) if self.name else ''}>"

    def flag(self, key: str) -> bool:
        return self.attrs.get(key, "").strip().lower() == "yes"

    def modifier(self, xmlid: str) -> Part | None:
        return next((m for m in self.modifiers if m.xmlid == xmlid), None)

    def adder(self, xmlid: str) -> Part | None:
        return next((a for a in self.adders if a.xmlid == xmlid), None)


@dataclass(frozen=True)
class Character:
    """What the importer reads from one file: who, which edition, and the parts by section."""

    file: str
    name: str
    template: str
    sections: Mapping[str, tuple[Part, ...]]

    @property
    def sixth_edition(self) -> bool:
        return self.template.lower().endswith("6e.hdt")

    @property
    def edition(self) -> str:
        """"6e", "5e", or "" when nothing in the file says. Hero Designer's 6th Edition templates
        all end ``6E.hdt``; any other template is a 5th Edition one. A file with no template still
        shows its edition in its characteristics: only 6e has OCV as a characteristic, only 5e
        has Comeliness (COM)."""
        if self.sixth_edition:
            return "6e"
        if self.template:
            return "5e"
        have = {p.xmlid for p in self.sections.get("CHARACTERISTICS", ())}
        if "OCV" in have or "DCV" in have:
            return "6e"
        if "COM" in have:
            return "5e"
        return ""


#: The file's sections that hold parts, in the order Hero Designer writes them.
SECTIONS = ("CHARACTERISTICS", "SKILLS", "PERKS", "TALENTS", "MARTIALARTS", "POWERS", "DISADVANTAGES", "EQUIPMENT")


def read_character(path: str | os.PathLike[str]) -> Character:
    """Read ``path`` into a :class:`Character` (any edition: the caller decides what to do
    with a 5th Edition one). Raises :class:`HdcError`."""
    file = os.fspath(path)
    try:
        raw = read_limited(file, MAX_BYTES)  # only a regular file, of at most MAX_BYTES
    except UnreadableFile as exc:
        raise HdcError(file, f"{exc.message}: a Hero Designer character file is at most {MAX_BYTES // 2**20} MB, "
                             "and a regular file") from None
    except FileNotFoundError:
        raise HdcError(file, "no such file") from None
    except IsADirectoryError:
        raise HdcError(file, "is a folder; expected a Hero Designer .hdc file") from None
    except OSError as exc:
        raise HdcError(file, f"cannot be read ({exc.strerror or exc})") from None
    return parse_character(raw, file)


def parse_character(raw: bytes, file: str = "<hdc>") -> Character:
    """Parse the bytes of a character file (see :func:`read_character`)."""
    if len(raw) > MAX_BYTES:
        raise HdcError(file, f"is over {MAX_BYTES // 2**20} MB; a Hero Designer character file is smaller")
    root = _xml_root(decode(raw, file), file)
    if root.tag != "CHARACTER":
        raise HdcError(file, f"is not a Hero Designer character: its top element is <{root.tag}>, expected "
                             f"<CHARACTER> (a .hdc file, not a template or a power list)")
    info = root.find("CHARACTER_INFO")
    name = clean(info.get("CHARACTER_NAME", "") if info is not None else "")
    counter = [0]
    sections = {}
    for section in SECTIONS:
        el = root.find(section)
        sections[section] = tuple(_parts(el, file, 0, counter)) if el is not None else ()
    config = root.find("BASIC_CONFIGURATION")  # older Hero Designer versions keep the template there
    template = root.get("TEMPLATE") or (config.get("TEMPLATE", "") if config is not None else "")
    return Character(file, name, clean(template), sections)


def decode(raw: bytes, file: str) -> str:
    """The file's text: its byte-order mark says the encoding; without one, UTF-16 shows as
    a zero byte beside each ASCII one, and anything else must be UTF-8."""
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        encoding = "utf-16"  # the codec reads the mark and drops it
    elif raw.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    elif raw[:2] == b"<\x00":
        encoding = "utf-16-le"
    elif raw[:2] == b"\x00<":
        encoding = "utf-16-be"
    else:
        encoding = "utf-8"
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise HdcError(file, f"is not valid {encoding.upper().removesuffix('-SIG')} text (byte {exc.start}); "
                             f"expected a Hero Designer file (UTF-16 or UTF-8)") from None


def _xml_root(text: str, file: str) -> Any:
    body = _DECLARATION.sub("", text, count=1).lstrip()
    if not body:
        raise HdcError(file, "is empty; expected a Hero Designer character (<CHARACTER ...>)")
    try:
        return safe_et.fromstring(body, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise HdcError(file, f"refused: it declares a DTD or entities ({type(exc).__name__}), which Hero Designer "
                             f"never writes and which could make a reader fetch files or expand without end") from None
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise HdcError(file, f"is not well-formed XML at line {line}, column {column + 1} "
                             f"({str(exc).split(':')[0]}); expected a Hero Designer .hdc file") from None


def _parts(el: Any, file: str, depth: int, counter: list[int]) -> list[Part]:
    if depth > MAX_DEPTH:
        raise HdcError(file, f"nests powers more than {MAX_DEPTH} deep; refused")
    out = []
    for child in el:
        if "XMLID" not in child.attrib:
            named = _OLDER_FORMAT.get(child.tag) or (child.tag if "LEVELS" in child.attrib else "")
            if not named or child.tag == "NOTES":
                continue  # NOTES, and the text fields of a part
            # older Hero Designer versions write some parts with no XMLID: a characteristic as
            # <STR LEVELS="15" ...> (a movement power too), a maneuver, a list or a framework
            child.attrib["XMLID"] = named
        counter[0] += 1
        if counter[0] > MAX_PARTS:
            raise HdcError(file, f"has more than {MAX_PARTS} parts; refused")
        out.append(_part(child, file, depth, counter))
    return out


def _part(el: Any, file: str, depth: int, counter: list[int]) -> Part:
    a = el.attrib
    where = f"<{el.tag} XMLID={clean(a.get('XMLID'), 40)!r}{' NAME=' + repr(clean(a['NAME'], 60)) if a.get('NAME') else ''}>"
    nested = _parts(el, file, depth + 1, counter)
    lvlcost = _number(a, "LVLCOST", None, where, file)
    return Part(
        tag=el.tag, xmlid=clean(a.get("XMLID"), 60), alias=clean(a.get("ALIAS")), name=clean(a.get("NAME")),
        levels=_number(a, "LEVELS", Fraction(0), where, file),
        option=clean(a.get("OPTIONID", a.get("OPTION", ""))), option_alias=clean(a.get("OPTION_ALIAS")),
        input=clean(a.get("INPUT")),
        basecost=_number(a, "BASECOST", Fraction(0), where, file),
        lvlcost=lvlcost, lvlval=_number(a, "LVLVAL", None, where, file) if lvlcost is not None else None,
        id=a.get("ID", ""), parent_id=a.get("PARENTID", ""), attrs={k: clean(v, 500) for k, v in a.items()},
        notes=clean(el.findtext("NOTES"), 300),
        modifiers=tuple(p for p in nested if p.tag == "MODIFIER"),
        adders=tuple(p for p in nested if p.tag == "ADDER"),
        children=tuple(p for p in nested if p.tag not in ("MODIFIER", "ADDER")),
    )


def _number(attrs: Mapping[str, str], key: str, default: Any, where: str, file: str = "") -> Any:
    text = attrs.get(key)
    if text is None or not text.strip():
        return default
    try:
        value = bounded_fraction(text)  # its size checked before it is computed
    except (ValueError, ZeroDivisionError):
        raise HdcError(file or "<hdc>", f"{where}: {key}: expected a number, got {clean(text, 40)!r}") from None
    if abs(value) > 100_000:
        raise HdcError(file or "<hdc>", f"{where}: {key}: expected a number under 100000, got {clean(text, 40)!r}")
    return value
