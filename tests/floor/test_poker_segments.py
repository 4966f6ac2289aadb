"""The floor's stud tables: deck shuffles, hand clocking, and one compiled call per day."""

from __future__ import annotations

import numpy as np
import pytest

from casino_sim.config import load_floor
from casino_sim.engine.ledger import Ledger
from casino_sim.floor.meters import LinkedBadBeat
from casino_sim.floor.players import Player
from casino_sim.floor.stud.segments import Pace, Window, time_hands
from casino_sim.floor.stud.table import PokerTable
from casino_sim.floor.tally import ROUNDS, SessionLog, TableTally
from casino_sim.games.poker_room.bots import default_population


def test_time_hands_keeps_the_hands_starting_before_the_end_and_none_past_the_pause() -> None:
    """Hands of 100 s (+10 s a street, +20 s at a showdown) from t=0: with the segment ending
    at 250 s, hands 0-2 start before it (the third runs on to 330 s); a pause at 300 s cuts
    the third, and the next hand waits for the pause."""
    street = np.array([0, 1, 2, 0, 0], np.int64)
    showdown = np.array([0, 0, 1, 0, 0], np.int64)
    ends = np.zeros(5)
    pace = Pace(per_hand=100.0, per_player=0.0, per_street=10.0, per_showdown=20.0)
    kept, clock = time_hands(Window(0.0, 250.0, np.inf), 100.0, pace, street, showdown, ends)
    assert (kept, clock) == (3, 350.0) and ends[:3].tolist() == [100.0, 210.0, 350.0]
    kept, clock = time_hands(Window(0.0, 250.0, 300.0), 100.0, pace, street, showdown, ends)
    assert (kept, clock) == (2, 300.0)


def _day(compiled: bool) -> tuple[PokerTable, SessionLog, Ledger, LinkedBadBeat]:
    """A $5/$10 bad-beat table through a day of seat changes, a break and a restart."""
    floor = load_floor("floors/casino")
    group = next(g for g in floor.poker_groups if g.bad_beat)
    ledger, log = Ledger(), SessionLog()
    meter = LinkedBadBeat("room", floor.bad_beat(group.bad_beat), ledger, grid=np.array([1e9]))
    table = PokerTable(0, group, floor.variants[group.name], floor.stud_tables[group.name],
                       np.random.default_rng(8), seats=floor.seats(group.name),
                       tally=TableTally(30), ledger=ledger, log=log, meter=meter)  # fmt: skip
    if not compiled:
        table._game = None  # every segment block by block, as for games the kernel cannot play
    bots = default_population(8)
    players = [Player(kind=0, session=log.open(0), bot=b) for b in bots]
    table.start(0.0)
    for p in players[:6]:
        table.seat(p, 0.0)
    table.unseat(players[2], 3_000.0)
    table.seat(players[6], 7_200.0)
    table.seat(players[7], 7_300.0)
    table.pause_at = 20_000.0
    table.set_dealing(False, 20_000.0)
    table.set_dealing(True, 21_200.0)
    table.pause_at = np.inf
    table.flush()  # two flushes: the clock and the decks carry over
    table.unseat(players[0], 50_000.0)
    table.stop(86_400.0)
    table.flush()
    return table, log, ledger, meter


def test_the_compiled_day_plays_the_hands_the_block_by_block_path_plays() -> None:
    """The same day played by :func:`play_segments` and by the engine block by block gives
    the same hands: the tally, every session's result and hands, the ledger, the jackpot's
    drops and bad beats."""
    fast, log_fast, ledger_fast, meter_fast = _day(compiled=True)
    slow, log_slow, ledger_slow, meter_slow = _day(compiled=False)
    assert fast.hands_played == slow.hands_played > 1_000
    np.testing.assert_array_equal(fast.tally.rows, slow.tally.rows)
    assert fast.tally.rows[:, ROUNDS].sum() == fast.hands_played
    assert (log_fast.net, log_fast.hands) == (log_slow.net, log_slow.hands)
    assert ledger_fast.flows == ledger_slow.flows
    assert meter_fast._hits == meter_slow._hits
    for a, b in zip(meter_fast._times, meter_slow._times, strict=True):
        np.testing.assert_array_equal(a, b)


def test_no_hand_starts_in_a_break_and_the_last_one_finishes_after_the_game_breaks() -> None:
    """Between 20,000 s and 21,200 s (the break) no hand is dealt, so the hour 05:00-06:00 has
    fewer hands than the hour before; the hand under way when the game breaks at 24:00
    finishes (and is booked to the hour it ends in), and none starts after."""
    table, *_ = _day(compiled=True)
    rounds = table.tally.rows[:, ROUNDS]
    assert rounds[5] < rounds[4] and rounds[24] <= 1 and rounds[25:].sum() == 0
    assert table.hands_played == pytest.approx(rounds.sum())
