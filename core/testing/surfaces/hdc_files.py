"""Hero Designer character files given to ``slugfest import``: a synthetic 6th Edition file
(and any real ones beside the checkout), mutated at their attributes, elements, nesting,
encoding and bytes."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from ..fuzzing import Verdict, _timed
from .running import command_verdict

#: A small 6th Edition character of the shape Hero Designer writes: characteristics, an attack
#: with an advantage, a defense, a Multipower slot, Martial Arts and a Skill Level.
SYNTHETIC_HDC = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic6E.hdt">
  <BASIC_CONFIGURATION BASE_POINTS="400" DISAD_POINTS="75" EXPERIENCE="0" />
  <CHARACTER_INFO CHARACTER_NAME="Fuzz Subject"><BACKGROUND /></CHARACTER_INFO>
  <CHARACTERISTICS>
    <STR XMLID="STR" ID="1" LEVELS="15" ALIAS="STR" BASECOST="0.0" />
    <DEX XMLID="DEX" ID="2" LEVELS="8" ALIAS="DEX" BASECOST="0.0" />
    <CON XMLID="CON" ID="3" LEVELS="10" ALIAS="CON" BASECOST="0.0" />
    <SPD XMLID="SPD" ID="4" LEVELS="2" ALIAS="SPD" BASECOST="0.0" />
    <PD XMLID="PD" ID="5" LEVELS="8" ALIAS="PD" BASECOST="0.0" />
    <ED XMLID="ED" ID="6" LEVELS="8" ALIAS="ED" BASECOST="0.0" />
    <BODY XMLID="BODY" ID="7" LEVELS="2" ALIAS="BODY" BASECOST="0.0" />
    <STUN XMLID="STUN" ID="8" LEVELS="10" ALIAS="STUN" BASECOST="0.0" />
    <END XMLID="END" ID="9" LEVELS="10" ALIAS="END" BASECOST="0.0" />
    <RUNNING XMLID="RUNNING" ID="10" LEVELS="6" ALIAS="Running" BASECOST="0.0" />
  </CHARACTERISTICS>
  <SKILLS><COMBAT_LEVELS XMLID="COMBAT_LEVELS" ID="20" LEVELS="2" OPTION="HTH" OPTIONID="HTH" ALIAS="Combat Skill Levels" BASECOST="0.0" LVLCOST="3.0" LVLVAL="1.0"><NOTES /></COMBAT_LEVELS></SKILLS>
  <PERKS /><TALENTS />
  <MARTIALARTS><MANEUVER XMLID="MANEUVER" ID="30" NAME="Martial Strike" ALIAS="Martial Strike" OCV="+0" DCV="+2" DC="2" PHASE="1/2" EFFECT="[NORMALDC] Strike" ADDSTR="Yes" ACTIVECOST="4" DAMAGETYPE="0" MAXSTR="0" STRMULT="1" USEWEAPON="No" WEAPONEFFECT="[WEAPONDC] Strike" BASECOST="4.0" LEVELS="0"><NOTES /></MANEUVER></MARTIALARTS>
  <POWERS>
    <POWER XMLID="ENERGYBLAST" ID="40" LEVELS="10" ALIAS="Blast" NAME="Zap" INPUT="ED" BASECOST="0.0">
      <MODIFIER XMLID="AOE" ID="41" OPTION="RADIUS" OPTIONID="RADIUS" LEVELS="4" ALIAS="Area Of Effect" BASECOST="0.0" />
      <NOTES />
    </POWER>
    <POWER XMLID="FORCEFIELD" ID="42" ALIAS="Resistant Protection" PDLEVELS="10" EDLEVELS="10" LEVELS="0" BASECOST="0.0"><NOTES /></POWER>
    <MULTIPOWER XMLID="GENERIC_OBJECT" ID="50" NAME="Tricks" ALIAS="Multipower" LEVELS="60" BASECOST="60.0"><NOTES /></MULTIPOWER>
    <POWER XMLID="RKA" ID="51" PARENTID="50" LEVELS="2" ALIAS="Killing Attack - Ranged" INPUT="PD" ULTRA_SLOT="Yes" BASECOST="0.0"><NOTES /></POWER>
  </POWERS>
  <DISADVANTAGES /><EQUIPMENT />
</CHARACTER>
"""

#: Attribute values at every edge, put where a character file had another value.
HDC_VALUES = (
    "", "0", "-1", "1", "2.5", "1/2", "½", "99999", "100001", "1e5", "1e-1000000000", "1e1000000000",
    "9" * 5000, "-" + "9" * 400, "nan", "inf", "0x10", "1_000", " 3 ", "three", "Yes", "No", "x" * 3000,
    "\u0000", "💥", "&amp;", "HTH", "RADIUS", "PD", "ED", "builtIn.Heroic.hdt", "builtIn.Superheroic6E.hdt",
)
_ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


def base_hdc_files(folder: str | os.PathLike[str] | None = None) -> list[tuple[str, bytes]]:
    """(name, bytes) of the character files mutations start from: the synthetic one above (as
    Hero Designer writes it, UTF-16 with a byte-order mark), and any real ``.hdc`` files under
    ``folder`` (``../shared/fixtures/hdc`` in a checkout; never part of the repository)."""
    out = [("synthetic.hdc", b"\xfe\xff" + SYNTHETIC_HDC.encode("utf-16-be"))]
    if folder is not None and Path(folder).is_dir():
        out += [(p.name, p.read_bytes()) for p in sorted(Path(folder).rglob("*.hdc"))]
    return out


def _hdc_text(raw: bytes) -> tuple[str, str]:
    """The text of a character file and the encoding to write a mutation of it back in."""
    for mark, encoding in ((b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le")):
        if raw.startswith(mark):
            return raw[2:].decode(encoding, "replace"), encoding
    return raw.decode("utf-8", "replace"), "utf-8"


def mutate_hdc(raw: bytes, rng: random.Random) -> bytes:
    """A character file with one to four changes: an attribute's value swapped for an edge one,
    an element cut, doubled or nested deep, the template changed, the text truncated, bytes
    flipped or the encoding's mark taken away."""
    text, encoding = _hdc_text(raw)
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        op = rng.randrange(9)
        attrs = list(_ATTRIBUTE.finditer(text))
        if op <= 3 and attrs:
            m = rng.choice(attrs)
            value = rng.choice(HDC_VALUES).replace('"', "&quot;")
            text = text[:m.start(2)] + value + text[m.end(2):]
        elif op == 4:  # an element cut or doubled
            starts = [m.start() for m in re.finditer(r"<(POWER|MODIFIER|ADDER|STR|SPD|MANEUVER|SKILLS|POWERS)\b", text)]
            if starts:
                i = rng.choice(starts)
                end = text.find(">", i)
                close = text.find("</", end)
                stop = text.find(">", close) + 1 if text[end - 1] != "/" else end + 1
                piece = text[i:stop]
                text = text[:i] + (piece * 2 if rng.random() < 0.5 else "") + text[stop:]
        elif op == 5:  # nested deep
            depth = rng.choice((10, 40, 200, 3000))
            nest = '<POWER XMLID="ENERGYBLAST" LEVELS="1">' * depth + "</POWER>" * depth
            text = text.replace("<POWERS>", "<POWERS>" + nest, 1)
        elif op == 6:  # truncated
            text = text[:rng.randrange(len(text) + 1)]
        elif op == 7:  # a DTD, an entity, or another top element
            text = rng.choice((
                '<!DOCTYPE c [<!ENTITY e "x">]>' + text,
                text.replace("<CHARACTER ", "<TEMPLATE ", 1),
                text.replace("6E.hdt", ".hdt"),
                text.replace("CHARACTERISTICS", "CHARACTERISTICZ"),
            ))
        else:  # bytes flipped, or the byte-order mark taken away
            data = bytearray(text.encode(encoding))
            for _ in range(rng.randint(1, 8)):
                if data:
                    data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
    mark = {"utf-16-be": b"\xfe\xff", "utf-16-le": b"\xff\xfe"}.get(encoding, b"")
    return mark + text.encode(encoding, "replace")


def hdc_case(rng: random.Random, bases: list[tuple[str, bytes]], folder: str | os.PathLike[str]) -> Verdict:
    """``slugfest import`` of a mutated character file against an intact one: a scenario is
    written, or the import is refused with exit 2 naming the file."""
    name, raw = rng.choice(bases)
    stem = f"{rng.randrange(10**9)}"
    mutated = Path(folder) / f"mutated-{stem}.hdc"
    other = Path(folder) / f"other-{stem}.hdc"
    out = Path(folder) / f"out-{stem}.toml"
    mutated.write_bytes(mutate_hdc(raw, rng))
    other.write_bytes(bases[0][1])
    argv = ["import", str(mutated), str(other), "--out", str(out), "--quiet"]
    try:
        return _timed("hdc", command_verdict("import", argv))
    finally:
        for p in (mutated, other, out):
            p.unlink(missing_ok=True)
