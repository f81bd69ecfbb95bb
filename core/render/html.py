"""The replay as one self-contained HTML file: the page (replay_page.html, shipped with the
package: its CSS and plain JS inline, nothing fetched from a network) with the battle's data
(:mod:`.replay`) set into it as gzipped JSON in base64. It opens from disk in any browser, with
no server.

Gzipped because a battle's words repeat: a 16-a-side HERO battle's 6,000 lines of narration are
about 800 KB as JSON and under 200 KB packed; the browser unpacks them with its own
DecompressionStream. The gzip header's time is fixed at 0, so the same battle gives the same bytes.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from pathlib import Path
from typing import Any

PAGE = Path(__file__).with_name("replay_page.html")


def page(data: dict[str, Any]) -> str:
    """The HTML text of the replay of ``data`` (:func:`core.render.replay.replay_data`)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    # base64 has no "<": nothing in a name or a line can end the <script> element early
    text = base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")
    head = data["header"]
    title = html.escape(f"{head['scenario']} (seed {head['seed']}): Slugfest replay")
    template = PAGE.read_text(encoding="utf-8")
    before, after = template.split("__DATA__", 1)
    return before.replace("__TITLE__", title, 1) + text + after


def data_of(text: str) -> dict[str, Any]:
    """The data a replay page holds (:func:`page`'s inverse): for tests and tools."""
    start = text.index('data-encoding="gzip+base64">') + len('data-encoding="gzip+base64">')
    packed = text[start:text.index("</script>", start)]
    loaded: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(packed)))
    return loaded
