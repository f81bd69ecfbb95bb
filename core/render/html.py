"""The replay as one self-contained HTML file: the page (replay_page.html, shipped with the
package: its CSS and plain JS inline, nothing fetched from a network) with the battle's data
(:mod:`.replay`) set into it as JSON. It opens from disk in any browser, with no server.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

PAGE = Path(__file__).with_name("replay_page.html")


def page(data: dict[str, Any]) -> str:
    """The HTML text of the replay of ``data`` (:func:`core.render.replay.replay_data`)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # inside <script>, "</script" or "<!--" in a name or a line would end or bend the element:
    # "<" appears in JSON only inside strings, where \u003c is the same character
    text = text.replace("<", "\\u003c")
    head = data["header"]
    title = html.escape(f"{head['scenario']} (seed {head['seed']}): Slugfest replay")
    template = PAGE.read_text(encoding="utf-8")
    before, after = template.split("__DATA__", 1)
    return before.replace("__TITLE__", title, 1) + text + after
