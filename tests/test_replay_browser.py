"""The replay page in a real browser: Debian's Chromium driven by Playwright (scripts/test.sh
installs both). One browser for the module; every wait is bounded, and without a browser that
starts these tests skip and say why."""

from __future__ import annotations

import os
import shutil

import pytest

from slugfest.core.engine.battle import Battle
from slugfest.core.files.scenario import load_scenario
from slugfest.core.render.html import page
from slugfest.core.render.replay_input import battle_replay, started_header
from slugfest.scenarios import bundled

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: What a closed network needs (no update checks, no sync) and what root in a container needs.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
WAIT_MS = 15_000  # the longest any step may take before the test fails rather than hangs


@pytest.fixture(scope="module")
def browser():
    """Chromium, for this module's tests only: while Playwright's driver runs, its event loop is
    the thread's running loop, and the app's tests (asyncio.run) in the same worker would fail."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (scripts/test.sh installs it)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (scripts/test.sh installs Debian's chromium when run as root)")
    manager = sync_api.sync_playwright().start()
    try:
        launched = manager.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=WAIT_MS)
    except Exception as exc:  # any failure to start is a reason to skip, said in full
        manager.stop()
        pytest.skip(f"Chromium would not start: {str(exc).splitlines()[0]}")
    yield launched
    launched.close()
    manager.stop()


def replay_file(tmp_path, name: str, seed: int):
    b = Battle(load_scenario(bundled()[name]), seed=seed)
    opening = started_header(b)
    b.run()
    path = tmp_path / f"{name}.html"
    path.write_text(page(battle_replay(b, opening)), encoding="utf-8")
    return path, b


def opened(browser, path, width=1280, height=800):
    p = browser.new_page(viewport={"width": width, "height": height})
    p.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    p.on("request", lambda r: errors.append(f"fetched {r.url}") if not r.url.startswith(("file:", "data:")) else None)
    p.goto(path.as_uri())
    p.wait_for_selector("body[data-ready='1']")
    return p, errors


def test_a_hero_replay_steps_plays_opens_a_chain_jumps_and_ends_as_the_battle_did(browser, tmp_path):
    path, b = replay_file(tmp_path, "hero-duel", 5)
    p, errors = opened(browser, path)
    assert p.inner_text("#time") == "Start"
    p.keyboard.press("ArrowRight")
    assert p.locator("#log .s.now").inner_text().startswith("=== Duel at the Docks")
    roll = p.locator("#log .s.more", has_text="needs").first
    roll.click()
    assert "OCV" in roll.locator(".full").inner_text() and roll.locator(".full").is_visible()
    p.select_option("#turn", label="Turn 2")
    assert p.inner_text("#time").startswith("Turn 2, Segment")
    assert p.locator("#chart th.seg").count() == 1  # the Speed Chart marks the Segment
    p.keyboard.press("End")
    assert p.inner_text("#time").endswith("end")
    for i, c in enumerate(b.snapshot()["combatants"]):
        for pool in ("STUN", "BODY", "END"):
            assert p.inner_text(f"#t{i}{pool}") == str(c[pool][0])
            assert p.get_attribute(f"#t{i}{pool}", "title") == f"{pool} {c[pool][0]} of {c[pool][1]}"
        x, y = c["position"]
        assert p.get_attribute(f"#w{i}", "transform") == f"translate({x} {y})"
    assert p.locator("#log .s.now").inner_text().startswith("=== ")  # the result line
    assert errors == []
    p.close()


def test_a_marvel_replay_shows_the_initiative_and_fits_a_phone(browser, tmp_path):
    path, _ = replay_file(tmp_path, "marvel-seed", 2)
    p, errors = opened(browser, path, width=390, height=844)
    p.click("#next")
    p.click("#last")
    assert p.locator("#chart h2").inner_text().lower() == "initiative"
    assert p.locator("#chart tr").count() == 1 + len(load_scenario(bundled()["marvel-seed"]).combatants)
    assert p.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    assert errors == []
    p.close()
