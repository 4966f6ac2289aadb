"""Issue 10, poker room: the money ledger, the house result without the drop, the drop-needed
rule for a bad-beat hit, and per-hour figures on the table's clock (its stated pace, else the
simulated one; issue 22 item 9)."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from stud_helpers import VARIANT_NAMES, load_table, load_variant, make_table

from casino_sim.config import load_stud_table
from casino_sim.engine.ledger import (
    ANTE,
    BET,
    JACKPOT_DROP,
    JACKPOT_PAYOUT,
    PAYOUT,
    RAKE,
    SEED,
    TIME_COLLECTION,
)
from casino_sim.errors import ConfigError
from casino_sim.games.poker_room import (
    Action,
    BadBeatJackpot,
    DropRake,
    Pace,
    QualifyingHand,
    StudHand,
    default_population,
    simulate_stud,
    stacked_deck,
)
from casino_sim.games.poker_room.fast import play_compiled, play_python
from casino_sim.games.poker_room.simulate import FUND, HOUSE, POT, player_account


def bad_beat(min_pot: Fraction = Fraction(20), *, trips: bool = False) -> BadBeatJackpot:
    """$1 drop from pots of ``min_pot``; aces full qualify (or trip deuces, to hit often)."""
    hand = (
        QualifyingHand(category="three_of_a_kind", ranks=("2", "6", "5"))
        if trips
        else QualifyingHand(category="full_house", ranks=("A",))
    )
    return BadBeatJackpot(
        drop=Fraction(1),
        min_pot=min_pot,
        qualifying_hand=hand,
        seed=Fraction(500),
        reserve_rate=Fraction(1, 5),
        loser_share=Fraction(1, 2),
        winner_share=Fraction(1, 4),
        table_share=Fraction(1, 4),
    )


DATA = Path(__file__).parents[2] / "casino_sim" / "data"

#: Trip deuces qualify: a jackpot that hits every few hundred hands.
HITTING = make_table(rake=DropRake(amount=Fraction(1)), bad_beat=bad_beat(trips=True))


def without_engine(run):
    return dataclasses.replace(run, engine="", engine_reason="", replayed_hands=0)


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_ledger_reconciles_on_every_variant_in_both_engines(name):
    variant, table = load_variant(name), load_table("5-10-bad-beat")
    runs = [
        simulate_stud(variant, table, 6, hands=240, seed=5, chunk_size=100, engine=engine)
        for engine in ("python", "auto")
    ]
    assert without_engine(runs[0]) == without_engine(runs[1])  # the ledgers too
    r = runs[1]
    ledger = r.ledger
    assert ledger.to_record()["balanced"]
    # every chip put into a pot left it: payouts, rake, jackpot drop
    assert ledger.total(ANTE) + ledger.total(BET) == r.handle
    assert ledger.total(PAYOUT) + ledger.total(RAKE) + ledger.total(JACKPOT_DROP) == r.handle
    assert ledger.balance(POT) == 0
    assert ledger.total(ANTE) == 6 * 240 * table.ante_cents
    assert ledger.balance(FUND) == r.meter_liability == r.jackpot_meter_end + r.jackpot_reserve
    assert ledger.balance(HOUSE) == r.house_result
    for p in r.players:
        assert ledger.balance(player_account(p.player)) == p.net - p.time_paid
    # chip conservation stays
    assert sum(p.net for p in r.players) + r.rake + r.jackpot_drop - r.jackpot_paid == 0


def test_house_result_excludes_the_jackpot_drop():
    r = simulate_stud(load_variant("seven_card_stud"), HITTING, 8, hands=3000, seed=2)
    assert r.jackpot_hits >= 2 and r.jackpot_drop > 0
    seed = HITTING.bad_beat.seed_cents
    ledger = r.ledger
    reseeds = ledger.total(SEED) - seed
    assert ledger.total(SEED, source=HOUSE, target=FUND) == r.house_funded_seed
    assert r.house_funded_seed == seed + reseeds and reseeds > 0
    assert r.house_result == r.rake - r.house_funded_seed  # the drop is not counted
    assert r.house_result == ledger.balance(HOUSE)
    assert ledger.total(JACKPOT_DROP, source=POT, target=FUND) == r.jackpot_drop
    assert ledger.total(JACKPOT_PAYOUT, source=FUND) == r.jackpot_paid
    # the fund: opening seed + drop + house reseeds - paid = meter + reserve, owed to players
    assert seed + r.jackpot_drop + reseeds - r.jackpot_paid == r.meter_liability
    assert r.house_result_pct_of_handle == pytest.approx(
        100 * (r.rake - r.house_funded_seed) / r.handle
    )
    assert r.rake_pct_of_handle == pytest.approx(100 * r.effective_rake)


# Seat 0 makes quad kings, seat 1 aces full of queens: a qualifying bad beat (aces full).
BEAT = ["Kc Kd Ks Kh 2c 3d 4h", "Ac Ad Ah Qc Qd 5s 6s"]


def test_a_qualifying_beat_in_a_pot_without_drop_does_not_hit():
    variant = load_variant("seven_card_stud")
    table = make_table(rake=DropRake(amount=Fraction(1)), bad_beat=bad_beat(Fraction(20)))
    hand = StudHand(variant, table, [100_000] * 2, stacked_deck(variant, BEAT))
    while not hand.done:  # bring in, call, check it down: a $6 pot, below the $20 minimum
        legal = hand.legal_actions().actions
        hand.act(next(a for a in (Action.BRING_IN, Action.CHECK, Action.CALL) if a in legal))
    s = hand.settlement
    assert s.showdown and s.drop == 0 and s.bad_beat is None
    assert s.high[1] >= table.bad_beat.qualifying_hand.min_value > 0
    assert s.high[1] < s.high[0]


@pytest.mark.parametrize(("min_pot", "hits"), [(Fraction(0), True), (Fraction(5000), False)])
def test_no_drop_no_hit_in_both_engines(min_pot, hits):
    variant = load_variant("seven_card_stud")
    table = make_table(rake=DropRake(amount=Fraction(1)), bad_beat=bad_beat(min_pot))
    deck = np.array([stacked_deck(variant, BEAT)], np.int8)
    uniforms = np.full((1, 64), 0.5)
    bots = default_population(2)
    fast = play_compiled(variant, table, bots, deck, uniforms, 0)
    slow, _ = play_python(variant, table, bots, deck, uniforms, 0)
    assert fast.same_hands(slow) and bool(fast.showdown[0])
    assert (fast.drop[0] > 0) == hits
    assert (fast.bad_beat[0, 0] >= 0) == hits
    if hits:
        assert fast.bad_beat[0].tolist() == [1, 0]


def test_per_hour_figures_come_from_the_simulated_pace():
    """A table that states no hands_per_hour: per-hour figures on the pace model's clock."""
    variant = load_variant("seven_card_stud")
    base = dataclasses.replace(load_table("5-10"), hands_per_hour=None)  # 10% rake
    slow_pace = dataclasses.replace(
        base, pace=Pace(seconds_per_hand=Fraction(60), seconds_per_street=Fraction(20))
    )
    runs = [simulate_stud(variant, t, 8, hands=500, seed=4) for t in (base, slow_pace)]
    for table, r in zip((base, slow_pace), runs, strict=True):
        later = sum(k * c for k, c in enumerate(r.streets))
        p = table.pace
        seconds = (
            r.hands * (p.seconds_per_hand + 8 * p.seconds_per_player)
            + later * p.seconds_per_street
            + r.showdowns * p.seconds_per_showdown
        )
        assert r.pace == "simulated" and r.stated_hands_per_hour is None
        assert r.table_seconds == r.simulated_seconds == float(seconds)
        assert r.hands_per_hour == r.simulated_hands_per_hour
        assert r.hands_per_hour == pytest.approx(r.hands / (float(seconds) / 3600))
        assert r.rake_per_table_hour == pytest.approx(r.rake / r.table_hours)
        assert r.rates(r.rake)["per_table_hour"] == pytest.approx(r.rake_per_table_hour)
    fast, slow = runs
    assert fast.rake == slow.rake and fast.handle == slow.handle  # the game is the same
    assert slow.hands_per_hour < fast.hands_per_hour
    assert slow.rake_per_table_hour < fast.rake_per_table_hour
    # the default pace: about 40 hands an hour eight-handed
    assert 35 < fast.hands_per_hour < 45


def test_a_stated_hands_per_hour_is_the_pace_of_every_per_hour_figure():
    """5-10 states 40 hands an hour: rake per table-hour = rake per hand x 40 exactly, whatever
    the pace model says; the simulated pace is kept beside it and moves with the model."""
    variant, table = load_variant("seven_card_stud"), load_table("5-10")
    assert table.hands_per_hour == 40
    slow = dataclasses.replace(table, pace=Pace(seconds_per_hand=Fraction(120)))
    runs = [simulate_stud(variant, t, 8, hands=500, seed=4) for t in (table, slow)]
    for r in runs:
        assert r.pace == "stated" and r.stated_hands_per_hour == r.hands_per_hour == 40
        assert r.table_seconds == 500 * 3600 / 40 and r.table_hours == 12.5
        assert r.rake_per_table_hour == pytest.approx(r.rake_per_hand * 40)
        assert r.rates(r.rake)["per_table_hour"] == pytest.approx(r.rake / 12.5)
    stated, slower = runs
    assert stated.rake_per_table_hour == slower.rake_per_table_hour  # the stated pace rules
    assert slower.simulated_hands_per_hour < stated.simulated_hands_per_hour < 45
    assert stated.simulated_seconds == pytest.approx(3600 * 500 / stated.simulated_hands_per_hour)


def test_time_collection_runs_on_the_tables_clock():
    """15-30 charges $7 a seat per half hour begun: on the simulated clock when the table
    states no pace (a slower pace model charges more), at the stated pace when it does."""
    variant = load_variant("seven_card_stud")
    stated = load_table("15-30")  # hands_per_hour: 35
    table = dataclasses.replace(stated, hands_per_hour=None)
    r = simulate_stud(variant, table, 6, hands=400, seed=1)
    half_hours = math.ceil(r.table_seconds / 1800)
    assert r.time_collection == 6 * 700 * half_hours
    assert all(p.time_paid == 700 * half_hours for p in r.players)
    assert r.ledger.total(TIME_COLLECTION, target=HOUSE) == r.time_collection
    assert r.house_result == r.time_collection == r.ledger.balance(HOUSE)
    slower = dataclasses.replace(table, pace=Pace(seconds_per_hand=Fraction(120)))
    s = simulate_stud(variant, slower, 6, hands=400, seed=1)
    assert s.time_collection > r.time_collection and s.rake == r.rake == 0
    assert sum(p.net for p in s.players) == 0  # time is charged on the clock, not from pots
    at_35 = simulate_stud(variant, stated, 6, hands=400, seed=1)  # 400 / 35 h: 23 half hours
    assert at_35.table_seconds == pytest.approx(400 * 3600 / 35)
    assert at_35.time_collection == 6 * 700 * 23 == at_35.ledger.total(TIME_COLLECTION)


def test_pace_block_in_yaml(tmp_path):
    text = tmp_path / "t.yaml"
    source = (DATA / "paytables/stud/tables/5-10-bad-beat.yaml").read_text()
    text.write_text(source + "pace: {seconds_per_hand: 20, seconds_per_street: 15.5}\n")
    table = load_stud_table(text)
    assert table.pace == Pace(seconds_per_hand=Fraction(20), seconds_per_street=Fraction(31, 2))
    text.write_text(source.replace("hands_per_hour: 40\n", "") + "pace: {seconds_per_deal: 3}\n")
    with pytest.raises(ConfigError, match="seconds_per_deal"):
        load_stud_table(text)
    text.write_text(source.replace("hands_per_hour: 40\n", ""))
    assert load_stud_table(text).hands_per_hour is None


def test_compare_and_the_report_name_the_pace_of_their_per_hour_figures():
    """5-10 as shipped (40 hands an hour stated) beside the same table without a stated pace:
    the comparison's rake per table-hour follows each table's clock and its pace row says
    which; the report's per-hour labels name the pace."""
    from casino_sim.report.compare import Traffic
    from casino_sim.report.compare_stud import compare_stud_tables
    from casino_sim.report.par.inputs import PokerInput
    from casino_sim.report.par.poker import poker_section, simulate

    variant, stated = load_variant("seven_card_stud"), load_table("5-10")
    tables = [stated, dataclasses.replace(stated, hands_per_hour=None)]
    record = compare_stud_tables(variant, tables, traffic=Traffic(8, 40), hands=2000, seed=7)
    rows = {row["figure"]: row for row in record["rows"]}
    pace = rows["pace"]["values"]
    assert pace[0].startswith("stated 40 (hands_per_hour); simulated ")
    assert pace[1].startswith("simulated ") and "(pace: block)" in pace[1]
    per_hand, per_hour = rows["rake_per_hand"]["values"], rows["rake_per_table_hour"]["values"]
    assert per_hour[0] == pytest.approx(40 * per_hand[0])  # the stated pace, exactly
    simulated = rows["hands_per_hour"]["values"][1]
    assert per_hour[1] == pytest.approx(simulated * per_hand[1], rel=1e-6)
    assert rows["hands_per_hour"]["values"][0] == 40

    item = PokerInput(DATA / "paytables/stud/seven_card_stud.yaml", variant,
                      DATA / "paytables/stud/tables/5-10.yaml", stated)  # fmt: skip
    section = poker_section(item, simulate(item, hands=2000, seed=7, workers=1), index=1)
    labels = {f.key: f.label for part in section.parts for f in part.figures}
    assert labels["rake_per_table_hour"] == "rake per table-hour (stated pace)"
    assert labels["hands_per_hour"].startswith("hands per table-hour (stated pace")
    assert section.data["pace"] == "stated"


@pytest.mark.parametrize(("hands", "seed"), [(20_000, 3), (2_000, 7)])
def test_report_says_the_bad_beat_rate_follows_the_showdown_rate(hands, seed):
    """A hit needs a losing hand at a showdown: the report's jackpot paragraph gives the
    bots' showdown rate beside the hit rate (and hits per showdown when there are hits)."""
    from casino_sim.report.par.inputs import PokerInput
    from casino_sim.report.par.poker import poker_section, simulate

    item = PokerInput(DATA / "paytables/stud/seven_card_stud.yaml", load_variant("seven_card_stud"),
                      DATA / "paytables/stud/tables/5-10-bad-beat.yaml",
                      load_table("5-10-bad-beat"))  # fmt: skip
    run = simulate(item, hands=hands, seed=seed, workers=1)
    part = next(p for p in poker_section(item, run, index=1).parts if p.id.endswith("-jackpot"))
    text = " ".join(part.paragraphs)
    r = run.result
    assert (
        f"depends on how often the bots reach a showdown ({r.showdown_share:.1%} of hands" in text
    )
    if r.jackpot_hits:
        showdowns = r.showdown_share * r.hands
        assert f"one hit in {showdowns / r.jackpot_hits:,.0f} showdowns" in text
    else:
        assert "one hit in" not in text
