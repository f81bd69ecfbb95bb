"""Attack powers (rules/marvel.md §4.3): Headshot (15 Focus: the attack has trouble; double
damage, triple on a Fantastic) and Sniping (5 Focus, targets 20+ spaces away, the whole turn:
triple damage on a Fantastic). Focus is paid when the attack is declared (§3.7)."""

from slugfest.core.engine.actions import Action, Decision
from slugfest.core.errors import IllegalAction
from slugfest.core.marvel import events as ev
from slugfest.core.marvel.menu import check, menu_for
from slugfest.core.marvel.narration import damage_text

from marvel_kit import FIRST_GOES_FIRST, LOGO, M, Script, battle_with, duel, events_of, fighter

RIFLE = [{"name": "Rifle", "ability": "Agility", "range": 30}]


def sniper(position=(1, 5), **keys):
    base = dict(name="Hawkeye", rank=3, powers=["Headshot", "Sniping"], Agility=4, Resilience=3, Vigilance=3,
                attacks=RIFLE)
    base.update(keys)
    return fighter("hawkeye", position, **base)


def mark(position=(26, 5), **keys):
    base = dict(name="Mark", rank=2, Agility=2, Resilience=3, Vigilance=1)
    base.update(keys)
    return fighter("mark", position, **base)


def shoot(maneuver, faces, **kw):
    script = Script([Action("attack", "Rifle", "mark", maneuver)])
    b = battle_with(duel(sniper(**kw), mark(), width=40), dice=FIRST_GOES_FIRST + faces, plugins=[("script", script)])
    b.step()
    return b


def test_headshot_pays_15_focus_gives_the_attack_trouble_and_doubles_a_hit():
    # trouble rerolls the highest die, the Marvel die's 5, to a 3: 4 [3] 4 = 11 + Agility 4 = 15 vs TN 12
    b = shoot("Headshot", [4, M(5), 4, M(3)])
    used = events_of(b, ev.PowerUsed)[0]
    assert (used.power, used.how, used.cost, used.focus_after, used.lasts) == ("Headshot", "Rifle", 15, 75, "instant")
    check_ = events_of(b, ev.AttackCheck)[0]
    assert check_.roll.troubles == ("Hawkeye's Headshot",) and check_.total == 15 and check_.hit
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert (calc.regular, calc.total) == (3 * 3 + 4, 26)
    assert damage_text(calc) == "dM 3 x multiplier 3 (rank 3) + Agility 4 = 13, doubled (Headshot) = 26"
    assert "Headshot" not in b.state.fighters["hawkeye"].active  # it lasts for that attack only


def test_a_fantastic_headshot_triples_and_a_missed_one_keeps_its_focus_spent():
    b = shoot("Headshot", [4, LOGO, 4, LOGO])  # trouble rerolls the M to an M: it stays Fantastic
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert damage_text(calc) == "dM 6 (M) x multiplier 3 (rank 3) + Agility 4 = 22, tripled (Headshot, Fantastic) = 66"
    missed = shoot("Headshot", [1, M(2), 1, M(2)])
    assert not events_of(missed, ev.AttackCheck)[0].hit and missed.state.fighters["hawkeye"].focus == 90 - 15


def test_sniping_triples_a_fantastic_hit_and_leaves_an_ordinary_one_alone():
    b = shoot("Sniping", [4, LOGO, 4])
    calc = events_of(b, ev.DamageFigured)[0].calc
    assert events_of(b, ev.AttackCheck)[0].roll.troubles == ()
    assert damage_text(calc) == "dM 6 (M) x multiplier 3 (rank 3) + Agility 4 = 22, tripled (Sniping, Fantastic) = 66"
    plain = shoot("Sniping", [4, M(5), 4])
    assert events_of(plain, ev.DamageFigured)[0].calc.total == 5 * 3 + 4
    assert plain.state.fighters["hawkeye"].focus == 90 - 5


def test_the_menu_offers_each_attack_power_where_it_applies_and_says_why_not_elsewhere():
    b = battle_with(duel(sniper(), mark(), width=40), dice=FIRST_GOES_FIRST)
    b.start()
    f = b.state.fighters["hawkeye"]
    attacks = [a.label() for a in menu_for(b.ctx, f) if a.kind == "attack"]
    assert attacks == ["attack Rifle -> mark", "Headshot Rifle -> mark", "Sniping Rifle -> mark"]
    close = battle_with(duel(sniper(), mark(position=(10, 5)), width=40), dice=FIRST_GOES_FIRST)
    close.start()
    decision = Decision("hawkeye", menu_for(close.ctx, close.state.fighters["hawkeye"]), "default")
    try:
        check(close.ctx, decision, Action("attack", "Rifle", "mark", "Sniping"))
    except IllegalAction as exc:
        assert str(exc) == "Sniping needs a target 20 or more spaces away; Mark is 9"
    else:
        raise AssertionError("Sniping at 9 spaces was allowed")
    f.focus = 15
    assert [a.maneuver for a in menu_for(b.ctx, f) if a.kind == "attack"] == ["", "Sniping"]  # 15 would leave 0


def test_the_estimate_takes_the_focus_off_as_a_price():
    b = battle_with(duel(sniper(), mark(), width=40), dice=FIRST_GOES_FIRST)
    b.start()
    plain = b.estimate("hawkeye", Action("attack", "Rifle", "mark"))
    headshot = b.estimate("hawkeye", Action("attack", "Rifle", "mark", "Headshot"))
    from slugfest.core.marvel.combat import attack_context
    from slugfest.core.marvel.powers import CATALOGUE
    from slugfest.core.marvel.resolve import expected_harm

    f, g = b.state.fighters["hawkeye"], b.state.fighters["mark"]
    raw = expected_harm(attack_context(b.ctx, f, g, f.attack("Rifle"), power=CATALOGUE["Headshot"]))
    assert headshot == raw - 15 / (90 + 90) and raw > plain
