"""The Python examples in docs/plugins.md run as written."""

import re
import sys
from pathlib import Path

import pytest

GUIDE = Path(__file__).parent.parent / "docs" / "plugins.md"
SAMPLE = Path(__file__).parent / "sample_plugin"


def test_the_testing_example_in_the_plugin_guide_runs(monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    example = next(b for b in blocks if "battle_with" in b)
    monkeypatch.syspath_prepend(str(SAMPLE))
    try:
        exec(compile(example, str(GUIDE), "exec"), {})
    finally:
        for mod in [m for m in sys.modules if m.startswith("slugfest_sample")]:
            del sys.modules[mod]


@pytest.mark.parametrize("module", ["coward", "lucky"])
def test_the_guide_shows_the_sample_plugins_as_they_are(module):
    source = (SAMPLE / "slugfest_sample" / f"{module}.py").read_text()
    guide = GUIDE.read_text()
    hook_line = next(line for line in source.splitlines() if line.startswith("def slugfest_"))
    assert hook_line in guide
