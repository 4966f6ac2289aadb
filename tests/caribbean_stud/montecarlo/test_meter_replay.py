"""The side bet's meter carried across chunks: chunk-size independence against the exact long-run
return, the ledger reconciling to the cent, and the same JSON with 1 or 2 workers."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR
from casino_sim.games.banked.caribbean_stud.montecarlo import simulate as mc

SMALL, LARGE = 1 << 16, 1 << 20


#: Sized by what must be caught: a meter that restarts at its seed in every chunk paid about
#: 0.47 per side-bet dollar with one seat against 0.665 long-run (a shift of 0.2); these rounds
#: (8 and 4 chunks of 2**20, 7 seats dealing 28M hands) give each run a standard error under
#: 0.01 (tests/test_progressive_agreement.py asserts it at the same sizes), so that shift is 20
#: standard errors, and a chunk-size effect of 0.04 between the two runs (about 3 combined
#: standard errors) is flagged with probability at least Phi(2.9 - 1.96) = 83%.
ROUNDS = [(1, 8_000_000), (7, 4_000_000)]


@pytest.mark.parametrize(("seats", "rounds"), ROUNDS)
def test_side_bet_return_does_not_depend_on_the_chunk_size(standard, progressive, seats, rounds):
    """Chunks of 2**16 and 2**20 rounds agree with each other and with the long-run return.

    Before the meter was carried across chunks, each chunk started at the seed: with one seat
    the meter paid about 0.47 per money wagered against 0.665 long-run.
    """
    estimates = []
    for chunk in (SMALL, LARGE):
        config = mc.CaribbeanSimConfig.table(
            standard, seats=seats, strategy="always-raise", progressive=progressive,
            chunk_rounds=chunk, max_sessions=0,
        )  # fmt: skip
        result = mc.simulate_caribbean(config, rounds, seed=7, workers=2)
        prog = result.progressive
        assert prog is not None and prog.meter_hits > 0
        r = prog.side_bet_return
        assert abs(r.z_score(prog.exact_long_run_return)) < 4, (
            chunk,
            r,
            prog.exact_long_run_return,
        )
        estimates.append(r)
    small, large = estimates
    combined = math.hypot(small.standard_error, large.standard_error)
    assert abs(small.estimate - large.estimate) < 1.96 * combined, (small, large)


def test_ledger_reconciles_and_records_the_meter(standard, progressive):
    config = mc.CaribbeanSimConfig.table(
        standard, seats=3, progressive=progressive, progressive_seats=[0, 2], chunk_rounds=1 << 15
    )
    result = mc.simulate_caribbean(config, 400_000, seed=3, workers=1)
    prog = result.progressive
    assert prog is not None
    ledger, state = result.ledger, prog.meter
    record = ledger.to_record()
    assert record["balanced"]
    assert ledger.balance("meter:progressive") == state.meter_cents
    assert ledger.balance("reserve:progressive") == state.reserve_cents
    assert state.liability_cents == state.meter_cents + state.reserve_cents
    # every side bet, award, contribution and advance, to the cent
    handle = round(prog.handle * 100)
    assert ledger.total("side_bet") == handle == 2 * 400_000 * 100
    paid = ledger.total("award", target="players")
    assert paid == round((prog.fixed_paid + prog.meter_paid + prog.envy_paid) * 100)
    main_house = ledger.total("ante") + ledger.total("raise") - ledger.total("payout")
    assert main_house == round(result.win * 100)  # the main game, from the counts, to the cent
    assert ledger.balance("players") == paid - handle - main_house
    assert ledger.balance("house") == round(prog.win * 100) + main_house
    opening = ledger.total("seed_funding", source="house")  # the opening seed: the house's
    assert opening == 1_000_000
    assert state.house_funded_seeds_cents == opening + ledger.total("house_advance")
    # the return: paid plus the change in liability, per money wagered
    expected = (paid + state.liability_cents - state.liability_start_cents) / handle
    assert prog.side_bet_return.estimate == pytest.approx(expected, rel=1e-12)
    # the house's win is the handle less the return, less the opening seed it funded
    assert prog.win == pytest.approx(prog.handle * (1 - expected) - 10_000, abs=0.005)


def test_same_seed_same_json_with_one_and_two_workers(tmp_path, capsys):
    records = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        status = main(["simulate", "caribbean_stud/standard", "--hands", "300k", "--seats", "4",
                       "--progressive", str(PAYTABLE_DIR / "progressives" / "50-75-100.yaml"),
                       "--chunk-rounds", "40000", "--seed", "5", "--workers", str(workers),
                       "--no-progress", "--no-exact", "--json", str(out)])  # fmt: skip
        assert status == 0
        text = capsys.readouterr().out
        assert "ledger: reconciled to the cent" in text and "hold" not in text
        assert "side-bet return" in text and "meter liability" in text
        record = json.loads(out.read_text())
        record.pop("provenance")
        record.pop("workers")  # the processes that ran (1 or 2); nothing else may differ
        records.append(record)
    assert records[0] == records[1]
    assert (
        records[0]["ledger"]["balanced"] and records[0]["progressive"]["meter"]["unit"] == "cents"
    )


def test_a_seed_zero_meter_with_a_reserve_stays_bounded_and_pays_its_reserve(tmp_path, capsys):
    """``casino-sim simulate`` on a seed-0 meter with a 20% reserve (full house or better takes
    the whole meter, about one side bet in 590): every full hit resets the meter and rolls the
    reserve over, so at the end the reserve holds only the bets since the last hit (not 20% of
    every bet) and every cent of the reserve went through the meter to the players."""
    out = tmp_path / "seed-zero.json"
    progressive = Path(__file__).parents[2] / "floor" / "data" / "seed-zero-meter.yaml"
    status = main(["simulate", "caribbean_stud/standard", "--hands", "300k", "--seats", "3",
                   "--progressive", str(progressive), "--chunk-rounds", "65536", "--seed", "9",
                   "--no-progress", "--no-exact", "--json", str(out)])  # fmt: skip
    assert status == 0 and "ledger: reconciled to the cent" in capsys.readouterr().out
    record = json.loads(out.read_text())
    side, meter = record["progressive"], record["progressive"]["meter"]
    flows: dict[str, int] = {}
    for f in record["ledger"]["flows"]:
        key = f"{f['flow']} {f['from']}"
        flows[key] = flows.get(key, 0) + f["cents"]
    bets, gap = side["bets"], 40 * 590  # a gap of 40 mean cycles: odds about e**-40
    assert bets == 900_000 and side["meter_hits"] > 1000
    assert meter["reserve"] <= 20 * gap  # 20 cents a bet since the last reset, not 20 x bets
    assert meter["meter_liability"] <= 70 * 2 * gap
    assert flows["reserve_contribution house"] == 20 * bets
    rolled = flows["reserve_roll_over reserve:progressive"]
    assert rolled == 20 * bets - meter["reserve"]  # the rest of the reserve went to the meter
    paid = flows["award meter:progressive"]
    assert paid == flows["contribution house"] + rolled - meter["meter"]  # ... and to players
    assert meter["house_funded_seeds"] == 0 and "seed_funding house" not in flows
