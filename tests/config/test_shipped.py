"""Every shipped YAML file loads, round-trips, and holds the published numbers."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest

from casino_sim.config import (
    CARIBBEAN_HANDS,
    PAYTABLE_DIR,
    BankedGame,
    CaribbeanPaytable,
    FloorDefinition,
    Jurisdiction,
    ParClaim,
    ProgressivePaytable,
    StudTable,
    StudVariant,
    dump_yaml,
    load,
    load_banked_game,
    load_claim,
    load_floor,
    load_jurisdiction,
    load_paytable,
    load_progressive,
    load_stud_table,
    load_stud_variant,
    load_text,
    shipped_files,
)
from casino_sim.config.schema import json_schema, schema_path, schema_text
from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive

REPO = Path(__file__).resolve().parents[2]
FILES = shipped_files()
LOADERS = {
    "caribbean_stud": (load_paytable, CaribbeanPaytable),
    "progressive": (load_progressive, ProgressivePaytable),
    "stud_variant": (load_stud_variant, StudVariant),
    "stud_table": (load_stud_table, StudTable),
    "floor": (lambda path: load_floor(path).definition, FloorDefinition),
    "par_claim": (load_claim, ParClaim),
    "jurisdiction": (load_jurisdiction, Jurisdiction),
    "banked_game": (load_banked_game, BankedGame),
}


def _id(path: Path) -> str:
    return path.relative_to(PAYTABLE_DIR).as_posix()


def test_library_is_complete() -> None:
    names = {_id(p) for p in FILES}
    required = {
        "caribbean_stud/standard.yaml",
        "caribbean_stud/royal-250.yaml",
        "caribbean_stud/royal-200.yaml",
        "caribbean_stud/short-pay.yaml",
        "caribbean_stud/capped-5000.yaml",
        "progressives/50-75-100.yaml",
        "progressives/50-100-150.yaml",
        "progressives/50-100-500.yaml",
        "progressives/75-150-500.yaml",
        "stud/seven_card_stud.yaml",
        "stud/razz.yaml",
        "stud/stud_hilo8.yaml",
        "stud/five_card_stud.yaml",
        "stud/six_card_stud.yaml",
        "stud/mississippi_stud.yaml",
        "stud/london_lowball.yaml",
        "stud/tables/5-10.yaml",
        "floors/pit.yaml",
        "floors/card-room.yaml",
        "floors/casino.yaml",
    }
    assert required <= names


def test_paytable_dir_is_repo_folder_linked_to_package_data() -> None:
    assert PAYTABLE_DIR == REPO / "paytables"
    assert (REPO / "paytables").resolve() == (REPO / "casino_sim" / "data" / "paytables").resolve()


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_loads_with_specific_loader_and_round_trips(path: Path) -> None:
    definition = load(path)
    loader, cls = LOADERS[definition.kind]
    assert isinstance(definition, cls)
    assert loader(path) == definition
    assert definition.source and definition.description
    assert load_text(dump_yaml(definition)) == definition
    with pytest.raises(dataclasses.FrozenInstanceError):
        definition.name = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_shipped_files_by_kind(kind: str) -> None:
    files = shipped_files(kind)
    assert files and all(load(p).kind == kind for p in files)


def test_standard_caribbean_table() -> None:
    table = load_paytable(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
    assert tuple(table.pays) == CARIBBEAN_HANDS
    assert [table.raise_pay(h) for h in CARIBBEAN_HANDS] == [100, 50, 20, 7, 5, 4, 3, 2, 1, 1]
    assert (table.ante_pays, table.raise_multiple, table.dealer_qualifier) == (1, 2, "ace-king")
    assert table.max_payout is None
    assert table.raise_win("royal_flush", ante=Fraction(100)) == 20_000


def test_capped_and_short_tables() -> None:
    capped = load_paytable(PAYTABLE_DIR / "caribbean_stud" / "capped-5000.yaml")
    assert capped.max_payout == 5000
    assert capped.raise_win("royal_flush", ante=Fraction(100)) == 5000
    assert capped.raise_win("royal_flush", ante=Fraction(5)) == 1000
    short = load_paytable(PAYTABLE_DIR / "caribbean_stud" / "short-pay.yaml")
    assert [short.raise_pay(h) for h in ("straight", "three_of_a_kind", "two_pair")] == [3, 2, 1]
    assert (
        load_paytable(PAYTABLE_DIR / "caribbean_stud" / "royal-250.yaml").raise_pay("royal_flush")
        == 250
    )
    assert (
        load_paytable(PAYTABLE_DIR / "caribbean_stud" / "royal-200.yaml").raise_pay("royal_flush")
        == 200
    )


def test_raise_pay_unknown_hand_suggests() -> None:
    table = load_paytable(PAYTABLE_DIR / "caribbean_stud" / "standard.yaml")
    with pytest.raises(ValueError, match="did you mean 'full_house'"):
        table.raise_pay("full_hous")


@pytest.mark.parametrize(
    ("name", "flush", "full_house", "quads"),
    [
        ("50-75-100", 50, 75, 100),
        ("50-100-150", 50, 100, 150),
        ("50-100-500", 50, 100, 500),
        ("75-150-500", 75, 150, 500),
    ],
)
def test_progressive_award_tables(name: str, flush: int, full_house: int, quads: int) -> None:
    table = load_progressive(PAYTABLE_DIR / "progressives" / f"{name}.yaml")
    fixed = {k: a.fixed for k, a in table.awards.items() if a.fixed is not None}
    assert fixed == {"four_of_a_kind": quads, "full_house": full_house, "flush": flush}
    assert table.awards["royal_flush"].meter_share == 1
    assert table.awards["straight_flush"].meter_share == Fraction(1, 10)
    assert Fraction(4, 10) <= table.contribution_rate <= Fraction(7, 10)
    assert table.contribution_rate + table.reserve_rate <= 1
    # the house keeps some of the side bet in the long run (validate warns otherwise)
    assert analyze_progressive(table).long_run_return < 1
    assert table.award_for("straight_flush", meter=Fraction(263_205)) == Fraction(263_205, 10)
    assert table.award_for("two_pair", meter=Fraction(1000)) == 0


def test_stud_variants_encode_the_rules() -> None:
    seven = load_stud_variant(PAYTABLE_DIR / "stud" / "seven_card_stud.yaml")
    assert [(s.name, s.down, s.up, s.bet) for s in seven.streets] == [
        ("third", 2, 1, "small"),
        ("fourth", 0, 1, "small"),
        ("fifth", 0, 1, "big"),
        ("sixth", 0, 1, "big"),
        ("seventh", 1, 0, "big"),
    ]
    assert seven.suit_order == ("clubs", "diamonds", "hearts", "spades")
    assert (seven.bring_in, seven.first_to_act, seven.open_pair_big_bet) == (
        "lowest",
        "best-high",
        True,
    )
    razz = load_stud_variant(PAYTABLE_DIR / "stud" / "razz.yaml")
    assert (razz.ranking, razz.bring_in, razz.bring_in_ace, razz.first_to_act) == (
        "ace-to-five",
        "highest",
        "low",
        "best-low",
    )
    london = load_stud_variant(PAYTABLE_DIR / "stud" / "london_lowball.yaml")
    assert london.ranking == "ace-to-six" and london.streets == razz.streets
    hilo = load_stud_variant(PAYTABLE_DIR / "stud" / "stud_hilo8.yaml")
    assert (hilo.ranking, hilo.bring_in, hilo.first_to_act) == ("hi-lo-8", "lowest", "best-high")
    five = load_stud_variant(PAYTABLE_DIR / "stud" / "five_card_stud.yaml")
    assert (five.cards_per_player, five.betting_rounds, five.streets[0].name) == (5, 4, "second")
    six = load_stud_variant(PAYTABLE_DIR / "stud" / "six_card_stud.yaml")
    assert (six.cards_per_player, six.max_upcards) == (6, 3)


def test_mississippi_stud_is_the_poker_variant() -> None:
    game = load_stud_variant(PAYTABLE_DIR / "stud" / "mississippi_stud.yaml")
    # seeds: 2 down + 1 up, bet; two up (no fourth-street bet); one up, bet; last card up, bet.
    assert [(s.name, s.down, s.up) for s in game.streets] == [
        ("third", 2, 1),
        ("fifth", 0, 2),
        ("sixth", 0, 1),
        ("seventh", 0, 1),
    ]
    assert [s.bet for s in game.streets] == ["small", "small", "big", "big"]
    assert (game.cards_per_player, game.max_upcards, game.betting_rounds) == (7, 5, 4)
    assert not any(s.community for s in game.streets)


def test_stud_tables() -> None:
    table = load_stud_table(PAYTABLE_DIR / "stud" / "tables" / "5-10.yaml")
    assert (table.ante, table.bring_in, table.small_bet, table.big_bet) == (
        Fraction(1, 2),
        2,
        5,
        10,
    )
    assert (table.max_raises, table.max_bets, table.uncapped_heads_up) == (3, 4, True)
    assert (
        table.rake.type == "percent" and table.rake.rate == Fraction(1, 10) and table.rake.cap == 4
    )
    assert table.rake.no_rake_third_street
    jackpot = load_stud_table(PAYTABLE_DIR / "stud" / "tables" / "5-10-bad-beat.yaml").bad_beat
    assert jackpot is not None
    assert jackpot.qualifying_hand.category == "full_house" and jackpot.qualifying_hand.ranks == (
        "A",
    )
    assert jackpot.loser_share + jackpot.winner_share + jackpot.table_share == 1
    structures = {load_stud_table(p).structure for p in shipped_files("stud_table")}
    assert structures == {"fixed-limit", "spread-limit", "pot-limit", "no-limit"}
    timed = load_stud_table(PAYTABLE_DIR / "stud" / "tables" / "15-30.yaml")
    assert timed.rake.type == "time" and timed.rake.per_seat_per_half_hour == 7


def test_amounts_are_exact_not_binary_floats() -> None:
    text = (
        "kind: stud_table\nname: x\nante: 0.10\nbring_in: 0.30\nsmall_bet: 0.70\nbig_bet: 1.10\n"
        "rake: {type: percent, rate: 0.1, cap: 1/3}\nhands_per_hour: 33.3\n"
    )
    table = load_text(text)
    assert table.ante == Fraction(1, 10) and table.bring_in == Fraction(3, 10)
    assert table.rake.cap == Fraction(1, 3) and table.hands_per_hour == Fraction(333, 10)
    assert load_text(dump_yaml(table)) == table


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_committed_schema_is_current(kind: str) -> None:
    assert schema_path(kind).read_text() == schema_text(kind), "run: casino-sim schema --write"
    schema = json.loads(schema_text(kind))
    assert schema["properties"]["kind"]["const"] == kind
    assert "kind" in schema["required"] and schema["additionalProperties"] is False
    assert json_schema(kind) == schema
