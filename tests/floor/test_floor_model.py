"""The SimPy floor model checked against exact figures: ledger identities, renewal theory,
the Erlang loss formula, time collection on the clock, the exact house edge, the stud engine.

The floors are the YAML files in ``tests/floor/data/``. A Monte Carlo check pools several
replications (children of one :class:`numpy.random.SeedSequence`) and compares with the
exact value within a 99% interval (Student t on per-replication or per-batch values) or
within 4 standard errors; ``docs/floor-math.md`` derives the renewal and Erlang formulas.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from casino_sim.config.floor_loader import load_floor
from casino_sim.engine.ledger import (
    CONTRIBUTION,
    RESERVE,
    SIDE_BET,
    TIME_COLLECTION,
    Ledger,
)
from casino_sim.floor.plan import FloorPlan, prepare_floor
from casino_sim.floor.players import Player
from casino_sim.floor.results import ReplicationResult
from casino_sim.floor.run import run_replication
from casino_sim.floor.schedule import DAY, HOUR
from casino_sim.floor.stud.table import PokerTable
from casino_sim.floor.tally import (
    DEALING_SECONDS,
    INITIAL_BETS,
    MAIN_WIN,
    RAKE,
    ROUNDS,
    SEAT_SECONDS,
    SIDE_HANDLE,
    THEO_WIN,
    TIME_COLLECTED,
    SessionLog,
    TableTally,
)
from casino_sim.games.banked.caribbean_stud.exact.analysis import analyze_caribbean
from casino_sim.games.poker_room.bots import default_population
from casino_sim.games.poker_room.simulate import simulate_stud
from tests.floor.queueing import erlang_b

DATA = Path(__file__).parent / "data"
HALF_HOUR = 1800.0


@functools.cache
def _plan(name: str, days: int) -> FloorPlan:
    return prepare_floor(load_floor(DATA / f"{name}.yaml"), days=days)


def _replicate(name: str, *, days: int, replications: int, seed: int) -> list[ReplicationResult]:
    """``replications`` runs of floor ``name``, each on its own child of ``SeedSequence(seed)``."""
    plan = _plan(name, days)
    children = np.random.SeedSequence(seed).spawn(replications)
    return [run_replication(plan, i, child) for i, child in enumerate(children)]


def _t99(values: list[float] | np.ndarray) -> float:
    """Half-width of the two-sided 99% Student-t interval for the mean of ``values``."""
    x = np.asarray(values, float)
    return float(stats.t.ppf(0.995, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))


# ------------------------------------------------------------------- 1. meter growth


def test_meter_grows_by_the_contribution_rate_of_every_side_bet_exactly():
    """Three tables, side-bet take-up 0.5 / 0.8, players who go broke, a progressive with fixed
    awards only (no hit ever touches the meter), 65.37% of each $1 side bet to the meter and
    4.21% to the reserve: after n side bets the meter has grown by floor(n x 65.37) cents and
    the reserve holds floor(n x 4.21), whatever the order in which the tables reported their
    side bets (the fractions of a cent are carried exactly). At every midnight the meter's
    path equals the start plus floor(side bets so far x 65.37); the side bets are counted
    three ways (tables' tallies, the meter, the ledger's SIDE_BET flow) and agree.
    """
    (run,) = _replicate("meter-growth", days=3, replications=1, seed=11)
    plan = _plan("meter-growth", 3)
    progressive = plan.floor.progressives["meter"]
    wager = int(progressive.wager * 100)
    meter = run.meters["meter"]
    bets = meter.side_bet_handle // wager
    assert not meter.hits
    assert bets > 1000 and meter.side_bet_handle == bets * wager
    assert run.daily[:, :, SIDE_HANDLE].sum() == bets * wager
    assert run.ledger.total(SIDE_BET) == bets * wager

    to_meter = math.floor(bets * wager * progressive.contribution_rate)
    to_reserve = math.floor(bets * wager * progressive.reserve_rate)
    start = 1_234_567  # meter-growth.yaml: start 12345.67
    assert meter.path[0] == start
    assert meter.end_meter - start == to_meter
    assert run.ledger.total(CONTRIBUTION) == to_meter
    assert run.ledger.total(RESERVE) == to_reserve
    assert run.ledger.balance("meter:meter") == meter.end_meter
    assert run.ledger.balance("reserve:meter") == to_reserve
    assert meter.end_liability - meter.start_liability == to_meter + to_reserve
    assert meter.money_in == to_meter + to_reserve  # into the meter and reserve, not the handle

    daily_bets = run.daily[:, :, SIDE_HANDLE].sum(axis=0) / wager
    for day in range(1, 3):
        at_midnight = meter.path[int(np.searchsorted(plan.grid, day * DAY))]
        so_far = int(daily_bets[:day].sum())
        assert at_midnight - start == math.floor(so_far * wager * progressive.contribution_rate)


# ------------------------------------------------------------------- 2. renewal theory

#: 5-card hands by category (of C(52, 5) = 2,598,960).
FIVE_CARD = {
    "royal_flush": 4,
    "straight_flush": 10 * 4 - 4,
    "four_of_a_kind": 13 * 48,
    "full_house": 13 * comb(4, 3) * 12 * comb(4, 2),
    "flush": 4 * comb(13, 5) - 10 * 4,
}


def test_mean_meter_at_a_full_hit_and_time_between_full_hits_follow_renewal_theory():
    """One seat, one player seated all run with a side bet every round, a round a second.

    The meter (frequent-meter.yaml, seed s = 0) gets a = 50 cents per side bet before the
    hand is settled; a full house or better (p per side bet) takes the whole meter, a flush
    (q) takes the share f = 1/2 of it. docs/floor-math.md ("Meter at a hit") derives, for
    i.i.d. rounds, the mean meter just before a full-meter hit

        E[M] = (a + p s) / (p + q f)            (= 18,665 cents here)

    and the mean time between full-meter hits T / p (T = 1 s per round). A share award
    rounds down to the cent, leaving the meter up to one cent higher; that raises E[M] by
    less than q / (p + q f) < 1 cent, inside the tolerance. Pooled over the replications'
    full hits (one per renewal cycle, independent), both means must lie within 4 standard
    errors of the formulas; the same mean holds at the flush hits (as a pooled ratio).
    Exact on every hit: a full hit pays the whole meter, a flush pays floor(meter / 2).
    """
    days, replications = 2, 8
    runs = _replicate("renewal", days=days, replications=replications, seed=7)
    plan = _plan("renewal", days)
    progressive = plan.floor.progressives["meter"]
    shares = {k: a.meter_share for k, a in progressive.awards.items()}
    full_hands = {k for k, share in shares.items() if share == 1}
    (partial_hand,) = set(shares) - full_hands
    f = shares[partial_hand]
    p = Fraction(sum(FIVE_CARD[k] for k in full_hands), comb(52, 5))
    q = Fraction(FIVE_CARD[partial_hand], comb(52, 5))
    a = progressive.wager * 100 * progressive.contribution_rate
    s = progressive.seed * 100
    assert (p, q, a, s) == (Fraction(4408, 2598960), Fraction(5108, 2598960), 50, 0)
    pace = plan.floor.definition.tables[0].pace
    seconds = float(pace.seconds_per_round + pace.seconds_per_player + pace.shuffle_seconds)

    expected_meter = float((a + p * s) / (p + q * f))
    rounding = float(q / (p + q * f))  # the share's round-down, at most one cent a flush
    expected_gap = seconds / float(p)

    at_full, at_partial, gaps = [], [], []
    for run in runs:
        hits = run.meters["meter"].hits
        full = [h for h in hits if h.hand in full_hands]
        for h in hits:
            if h.hand in full_hands:
                assert h.amount == h.meter_before
                at_full.append(h.meter_before)
            else:
                assert h.hand == partial_hand
                assert h.amount == math.floor(f * h.meter_before)
                at_partial.append(h.meter_before)
        times = np.array([h.time for h in full])
        rounds_apart = np.diff(times) / seconds
        np.testing.assert_allclose(rounds_apart, np.round(rounds_apart), atol=1e-6)
        gaps.extend(np.diff(times))
        seated_at = days * DAY - run.daily[0, :, SEAT_SECONDS].sum()  # back to back from then
        assert run.daily[0, :, ROUNDS].sum() == math.ceil((days * DAY - seated_at) / seconds)

    at_full, at_partial, gaps = (np.array(x, float) for x in (at_full, at_partial, gaps))
    assert len(at_full) > 2000 and len(at_partial) > 2000
    se_meter = at_full.std(ddof=1) / math.sqrt(len(at_full))
    se_gap = gaps.std(ddof=1) / math.sqrt(len(gaps))
    print(
        f"\nmeter at a full hit: {at_full.mean():.0f} cents (n={len(at_full)}, se {se_meter:.0f})"
        f" vs {expected_meter:.0f}; at a flush {at_partial.mean():.0f}"
        f"\nseconds between full hits: {gaps.mean():.1f} (se {se_gap:.1f}) vs {expected_gap:.1f}"
    )
    assert abs(at_full.mean() - expected_meter - rounding / 2) <= 4 * se_meter + rounding / 2
    se_partial = at_partial.std(ddof=1) / math.sqrt(len(at_partial))
    assert abs(at_partial.mean() - expected_meter - rounding / 2) <= 4 * se_partial + rounding / 2
    assert abs(gaps.mean() - expected_gap) <= 4 * se_gap
    # without the flush's share the mean would be a / p = 29,480 cents: far outside
    assert abs(float(a / p) - expected_meter) > 20 * se_meter


# ------------------------------------------------------------------- 3. Erlang loss


def test_turned_away_and_occupied_seats_follow_the_erlang_loss_formula():
    """2 tables x 3 seats (c = 6 servers), Poisson arrivals at 8 an hour, exponential sessions
    of 30 minutes, nobody goes broke: offered load A = 4, so a share B(6, 4) = 0.1171 of the
    arrivals is turned away and the mean number of occupied seats is A (1 - B) = 3.532
    (docs/floor-math.md, "Erlang loss"). Each must lie in the 99% interval of the
    replications' values (the floor starts empty; over 5 days the bias is far below it).
    """
    days, replications = 5, 20
    runs = _replicate("erlang", days=days, replications=replications, seed=3)
    definition = _plan("erlang", days).floor.definition
    (group,) = definition.tables
    (kind,) = definition.traffic.players
    servers = group.count * group.seats
    load = float(definition.traffic.arrivals_per_hour * kind.session_minutes / 60)
    blocking = erlang_b(servers, load)
    assert (servers, load) == (6, 4.0) and 0.05 < blocking < 0.2

    turned_away = [r.turned_away[0] / r.arrivals[0] for r in runs]
    occupied = [r.daily[:, :, SEAT_SECONDS].sum() / (days * DAY) for r in runs]
    print(
        f"\nturned away {np.mean(turned_away):.4f} +- {_t99(turned_away):.4f} vs B = {blocking:.4f}"
        f"\noccupied seats {np.mean(occupied):.3f} +- {_t99(occupied):.3f}"
        f" vs A(1-B) = {load * (1 - blocking):.3f}"
    )
    assert abs(np.mean(turned_away) - blocking) <= _t99(turned_away)
    assert abs(np.mean(occupied) - load * (1 - blocking)) <= _t99(occupied)


# ------------------------------------------------------------------- 4. time collection


@pytest.mark.parametrize(
    ("players", "hours", "start"),
    [(8, 3, 0.0), (5, 2, 600.0), (2, 1, 1799.5)],
)
def test_time_collection_is_seats_times_half_hours_times_the_fee(players, hours, start):
    """A $15/$30 table ($7 per seat per half hour) with ``players`` seated for ``hours`` whole
    hours from ``start``: every half hour on the clock in [start, start + hours) charges every
    seat, 2 x hours ticks, so TIME_COLLECTED == players x 2 hours x 700 cents exactly, the
    ledger's TIME_COLLECTION flow says the same, and the players (no rake at this table, no
    jackpot) are down exactly that much between them.
    """
    floor = load_floor(DATA / "time-collection.yaml")
    group = floor.poker_groups[0]
    structure = floor.stud_tables[group.name]
    fee = structure.rake.per_seat_per_half_hour_cents
    assert fee == 700
    (bot,) = [b for b in default_population(5) if b.name == "rock"]
    ledger, log = Ledger(), SessionLog()
    tally = TableTally(hours=hours + 1)
    table = PokerTable(0, group, floor.variants[group.name], structure, np.random.default_rng(5),
                       seats=floor.seats(group.name), tally=tally, ledger=ledger, log=log,
                       meter=None)  # fmt: skip
    seated = [Player(kind=0, session=log.open(0), bot=bot) for _ in range(players)]
    table.start(start)
    for p in seated:
        table.seat(p, start)
    table.stop(start + hours * HOUR)
    table.flush()  # the hands of the recorded segments

    expected = players * 2 * hours * fee
    assert tally.rows[:, ROUNDS].sum() > 0
    assert tally.rows[:, TIME_COLLECTED].sum() == expected
    assert ledger.total(TIME_COLLECTION) == expected
    assert sum(p.net for p in seated) == -expected  # time collection, charged as it falls due
    hands = sum(log.net[p.session] for p in seated)  # the hands, booked to the sessions by flush
    assert hands == 0


def test_time_collection_on_the_floor_counts_every_half_hour_the_game_runs():
    """On the floor: 8 seats fill within minutes of opening and stay filled for 2 days. The
    game starts at t0 = horizon - SEAT_SECONDS / 8 (the seats' time says when); the half hours
    on the clock in [t0, horizon) are counted independently and TIME_COLLECTED is exactly
    8 x that count x 700, with every hour of the day but the first charged 2 x 2 days x 8 x 700.
    """
    days = 2
    (run,) = _replicate("time-collection", days=days, replications=1, seed=5)
    seats = run.seats[0]
    horizon = days * DAY
    start = horizon - run.daily[0, :, SEAT_SECONDS].sum() / seats
    assert 0 < start < HALF_HOUR
    ticks = len(np.arange(math.ceil(start / HALF_HOUR) * HALF_HOUR, horizon, HALF_HOUR))
    assert ticks == 2 * 24 * days - 1
    assert run.daily[0, :, TIME_COLLECTED].sum() == seats * ticks * 700
    assert run.ledger.total(TIME_COLLECTION) == seats * ticks * 700
    by_hour = run.hour_of_day[0, :, TIME_COLLECTED]
    assert by_hour[0] == seats * (2 * days - 1) * 700
    assert (by_hour[1:] == seats * 2 * days * 700).all()


# ------------------------------------------------------------------- 5. house edge


def test_house_edge_on_the_floor_matches_the_exact_analysis():
    """Two full tables of optimal players (no mistakes, no side bet), 6 replications of a day
    (~1 million rounds, ~7 million hands): the floor's MAIN_WIN / INITIAL_BETS is within the
    99% interval of the exact 5.224% edge, and THEO_WIN / INITIAL_BETS is the exact edge to
    1e-9. The SE comes from per-(replication, table, hour of day) ratios: 288 batches of
    ~3,600 i.i.d. rounds estimate it far better than 6 per-replication ratios would
    (same SE, ~0.0012; a t interval on 5 degrees of freedom is 1.6 times as wide).
    """
    runs = _replicate("house-edge", days=1, replications=6, seed=17)
    paytable = _plan("house-edge", 1).floor.paytables["pit"]
    edge = float(analyze_caribbean(paytable, "optimal").house_edge)
    assert round(edge, 5) == 0.05224
    win = np.stack([r.hour_of_day[:, :, MAIN_WIN] for r in runs]).ravel()
    antes = np.stack([r.hour_of_day[:, :, INITIAL_BETS] for r in runs]).ravel()
    theo = np.stack([r.hour_of_day[:, :, THEO_WIN] for r in runs]).ravel()
    measured = win.sum() / antes.sum()
    per_replication = [
        r.daily[:, :, MAIN_WIN].sum() / r.daily[:, :, INITIAL_BETS].sum() for r in runs
    ]
    print(
        f"\nfloor edge {measured:.5f} +- {_t99(win / antes):.5f} (99%, hourly batches; "
        f"+- {_t99(per_replication):.5f} from replications) vs exact {edge:.5f}; "
        f"{sum(r.daily[:, :, ROUNDS].sum() for r in runs):.0f} rounds"
    )
    assert abs(measured - edge) <= _t99(win / antes)
    assert theo.sum() / antes.sum() == pytest.approx(edge, abs=1e-9)
    for r in runs:
        ratio = r.daily[:, :, THEO_WIN].sum() / r.daily[:, :, INITIAL_BETS].sum()
        assert ratio == pytest.approx(edge, abs=1e-9)


# ------------------------------------------------------------------- 6. stud rake


def test_stud_rake_per_hand_on_the_floor_matches_the_stud_simulator():
    """Six calling stations seated all day at a $5/$10 table (10% rake, $4 cap): the floor's
    rake per hand agrees with ``simulate_stud`` on the same variant, table and six bots
    within 4 standard errors of the difference (floor SE from its per-day values, the
    simulator's from 2,000-hand chunks).
    """
    days = 2
    runs = _replicate("stud-rake", days=days, replications=5, seed=23)
    floor = _plan("stud-rake", days).floor
    group = floor.poker_groups[0]
    assert floor.seats(group.name) == 6
    rake = np.concatenate([r.daily[0, :, RAKE] for r in runs])
    hands = np.concatenate([r.daily[0, :, ROUNDS] for r in runs])
    floor_mean = rake.sum() / hands.sum()
    floor_se = (rake / hands).std(ddof=1) / math.sqrt(len(hands))

    (station,) = [b for b in default_population(5) if b.name == "station"]
    chunks: list[tuple[int, int]] = []
    result = simulate_stud(floor.variants[group.name], floor.stud_tables[group.name],
                           [station] * 6, hands=40_000, seed=4, chunk_size=2_000,
                           on_chunk=lambda c: chunks.append((c.rake, c.hands)))  # fmt: skip
    per_chunk = np.array([r / n for r, n in chunks])
    stud_mean = result.rake / result.hands
    stud_se = per_chunk.std(ddof=1) / math.sqrt(len(per_chunk))
    print(
        f"\nrake per hand: floor {floor_mean:.2f} cents (se {floor_se:.2f}, {hands.sum():.0f} hands)"
        f", simulate_stud {stud_mean:.2f} (se {stud_se:.2f})"
    )
    assert abs(floor_mean - stud_mean) <= 4 * math.hypot(floor_se, stud_se)


# ------------------------------------------------------------------- 7. reproducible


def test_same_plan_and_seed_give_the_same_replication_and_other_seeds_differ():
    """A replication is a pure function of (plan, SeedSequence): the same seed twice gives the
    same daily and hour-of-day arrays, meter path and hits; another seed gives others."""
    plan = _plan("meter-growth", 3)  # the plan of the meter-growth test
    a, b = (run_replication(plan, 0, np.random.SeedSequence(99)) for _ in range(2))
    c = run_replication(plan, 0, np.random.SeedSequence(100))
    np.testing.assert_array_equal(a.daily, b.daily)
    np.testing.assert_array_equal(a.hour_of_day, b.hour_of_day)
    np.testing.assert_array_equal(a.meters["meter"].path, b.meters["meter"].path)
    assert a.meters["meter"].hits == b.meters["meter"].hits
    assert (a.arrivals, a.turned_away) == (b.arrivals, b.turned_away)
    assert a.house_result == b.house_result
    assert not np.array_equal(a.daily, c.daily)
    assert not np.array_equal(a.meters["meter"].path, c.meters["meter"].path)


# ------------------------------------------------------------------- 8. hours and breaks


@pytest.mark.parametrize("name", ["night-pit", "night-room"])
def test_a_group_open_18_to_02_deals_only_while_open(name):
    """Open 18:00-02:00 and busy: rounds in every hour 18..1, no dealing time and no round in
    the clock hours 2..17 (a round counts in the hour it ends). Checked in two steps: none in
    3..17 (a round dealt while closed), then none in hour 2 (a round under way at the close
    that ends after it)."""
    days = 2
    (run,) = _replicate(name, days=days, replications=1, seed=31)
    rounds = run.hour_of_day[0, :, ROUNDS]
    dealing = run.hour_of_day[0, :, DEALING_SECONDS]
    closed = list(range(2, 18))
    print(f"\n{name}: rounds by hour of day {rounds.astype(int).tolist()}")
    assert (rounds[[18, 19, 20, 21, 22, 23, 0, 1]] > 0).all()
    assert (dealing[closed] == 0).all()
    assert (rounds[3:18] == 0).all(), "rounds dealt while closed"
    assert rounds[2] == 0, (
        f"{rounds[2]:.0f} rounds end in 02:00-03:00: rounds under way at the 02:00 close"
        " finish (and are counted) after closing"
    )


@pytest.mark.parametrize("name", ["break-pit", "break-room"])
def test_dealer_breaks_without_relief_leave_40_dealing_minutes_an_hour(name):
    """20 minutes of break each hour without relief: DEALING_SECONDS is at most 40 minutes
    in every clock hour (summed over the days: days x 2400 s), and the table is busy enough
    to reach it in most hours."""
    days = 2
    (run,) = _replicate(name, days=days, replications=1, seed=37)
    dealing = run.hour_of_day[0, :, DEALING_SECONDS]
    limit = days * 40 * 60
    assert (dealing <= limit + 1e-6).all()
    assert (dealing > 0).all() and (dealing >= limit - 1e-6).sum() >= 12


def test_a_run_stored_by_another_floor_model_is_refused_not_resumed(tmp_path, monkeypatch):
    """A run directory records the floor model's revision: the same floor and seed stored by
    a model that uses its random numbers differently must not be mixed into a resumed run."""
    import casino_sim.floor.simulate as floor_simulate
    from casino_sim.engine.rundir import RunDirError
    from casino_sim.engine.runner import RunnerOptions

    floor = load_floor(DATA / "stud-rake.yaml")
    options = RunnerOptions(run_dir=tmp_path / "run", resume=True)
    monkeypatch.setattr(floor_simulate, "MODEL", floor_simulate.MODEL - 1)
    floor_simulate.simulate_floor(floor, days=1, replications=1, seed=3, runner=options)
    monkeypatch.undo()
    before, now = floor_simulate.MODEL - 1, floor_simulate.MODEL
    with pytest.raises(RunDirError, match=f"model {before} there, {now} here"):
        floor_simulate.simulate_floor(floor, days=1, replications=1, seed=3, runner=options)
