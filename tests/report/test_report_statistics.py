"""The report's comparisons, sizes, flags and seeds (issue #23, items 8, 9, 10, 11).

One small report (a Caribbean wager with its side bet, a percent-rake and a time-collection
stud table, a one-day pit) is built once; the commands its sections name are run through the
CLI and must give the same figures.
"""

from __future__ import annotations

import json
import math
import shlex
from dataclasses import replace

import pytest

from casino_sim.cli import main
from casino_sim.config import PAYTABLE_DIR, load_progressive
from casino_sim.engine.stats import holm
from casino_sim.report.par.content import build_report, caribbean_hands
from casino_sim.report.par.family import apply_holm
from casino_sim.report.par.inputs import ProgressiveInput, read_inputs
from casino_sim.report.par.model import Figure, Part, Section
from casino_sim.report.par.progressive import progressive_section
from casino_sim.report.par.render import render_markdown
from casino_sim.report.par.settings import ReportSettings

SETTINGS = ReportSettings(
    seed=4, workers=1, caribbean_hands=200_000, stud_hands=5_880, days=1, replications=2
)


@pytest.fixture(scope="session")
def report():
    inputs = read_inputs(
        ["caribbean_stud/standard", "stud/tables/5-10", "stud/tables/15-30", "floors/pit"],
        progressive="progressives/50-75-100",
    )
    return build_report(inputs, SETTINGS, provenance={})


def _section(report, kind, index=0):
    return [s for s in report.sections if s.kind == kind][index]


def _figure(section, key, part=""):
    """The section's figure ``key`` (in the part whose id ends with ``part``)."""
    return next(f for p in section.parts if p.id.endswith(part) for f in p.figures if f.key == key)


def _command(section):
    """The command a section names for its figures, as arguments of ``main``."""
    marker = "The same figures on their own: "
    line = next(p for part in section.parts for p in part.paragraphs if p.startswith(marker))
    return shlex.split(line.removeprefix(marker))[1:]


def test_every_comparison_shows_z_p_and_the_exact_fraction(report):
    """Item 8: z and p beside every exact value; exact values as fractions where they are."""
    carib = _section(report, "caribbean")
    compared = [f for f in carib.figures() if f.exact is not None and f.has_interval]
    assert {f.key for f in compared} == {
        "house_edge",
        "element_of_risk",
        "hit_frequency",
        "raise_rate",
        "dealer_qualifies",
    }
    for figure in compared:
        assert figure.is_comparison and math.isfinite(figure.z) and 0 <= figure.p_value <= 1
        assert figure.exact_text, figure.key
    qualifies = _figure(carib, "dealer_qualifies")
    assert "1,463,700 / 2,598,960" in qualifies.exact_text and "205/364" in qualifies.exact_text
    chi = next(c for part in carib.parts for c in part.checks if "chi-square" in c.label)
    assert chi.p_value is not None
    side = _section(report, "progressive")
    assert _figure(side, "side_bet_return").is_comparison
    hits = next(t for t in side.tables() if t.id.endswith("mc-hits"))
    assert all(math.isfinite(row["z"]) and 0 <= row["p_value"] <= 1 for row in hits.rows)
    pit = _section(report, "floor")
    assert _figure(pit, "pit_house_edge").is_comparison


def test_flags_come_from_holm_over_the_whole_report(report):
    """Item 8: the flags are Holm's test over every comparison of the report, not one exact
    value outside one 95% interval."""
    figures = [f for s in report.sections for f in s.figures() if f.is_comparison]
    checks = [c for s in report.sections for p in s.parts for c in p.checks if c.p_value]
    rows = [r for t in report.tables() if any(c.key == "p_value" for c in t.columns)
            for r in t.rows]  # fmt: skip
    p_values = [f.p_value for f in figures] + [c.p_value for c in checks]
    p_values += [r["p_value"] for r in rows]
    expected = holm(p_values)
    got = [f.flagged for f in figures] + [not c.passed for c in checks] + [r["flag"] for r in rows]
    assert got == list(expected)
    assert report.comparisons() == len(p_values) >= 13
    assert "Holm" in render_markdown(report)


def test_a_chance_miss_is_not_a_flag():
    """Thirteen exact values each just outside their 95% interval (p = 0.03): each alone would
    flag; the report's Holm test flags none and still shows z and p."""
    figures = tuple(
        Figure(f"f{i}", f"figure {i}", 1.0, low=0.9, high=1.1, exact=1.11, z=2.17, p_value=0.03)
        for i in range(13)
    )
    (section,) = apply_holm(
        [Section("s", "caribbean", "S", "", (Part("p", "P", figures=figures),))]
    )
    assert all(f.outside_interval and not f.flagged for f in section.figures())
    assert section.flags() == []
    (one,) = apply_holm([replace(section, parts=(Part("p", "P", figures=(replace(figures[0],
                         p_value=1e-6, z=-4.9),)),))])  # fmt: skip
    assert [f.flagged for f in one.figures()] == [True]
    assert "z = -4.90" in one.flags()[0]


def test_the_caribbean_monte_carlo_is_sized_for_an_edge_standard_error_of_007_points(report):
    """Item 8: by default the hands are enough for a standard error of at most 0.07 points of
    the house edge (2M hands gave 0.16)."""
    from casino_sim.report.par.caribbean import exact_analysis

    carib = _section(report, "caribbean")
    defaults = ReportSettings(seed=1)
    assert defaults.caribbean_hands is None and defaults.caribbean_edge_se == 0.0007
    item = read_inputs(["caribbean_stud/standard"]).items[0]
    sd = float(exact_analysis(item).sd)
    hands = caribbean_hands(defaults, [exact_analysis(item)])
    assert hands == 10_500_000
    assert sd / math.sqrt(hands) <= 0.0007 < sd / math.sqrt(2_000_000)
    se = _figure(carib, "house_edge_standard_error").value
    assert se == pytest.approx(sd / math.sqrt(SETTINGS.caribbean_hands), rel=0.02)
    assert report.settings["caribbean_hands"] == SETTINGS.caribbean_hands  # the size used


def test_each_section_names_the_seed_and_the_command_that_reproduces_it(report, tmp_path):
    """Item 11: same seed, same answer. The report derives each simulation's seed; the section
    states it and a command that gives the section's figures on its own."""
    carib = _section(report, "caribbean")
    args = _command(carib)
    seed = carib.data["monte_carlo"]["seed"]
    assert args[args.index("--seed") + 1] == str(seed) != str(SETTINGS.seed)
    out = tmp_path / "simulate.json"
    assert main([*args, "--json", str(out), "--no-progress", "--workers", "2"]) == 0
    record = json.loads(out.read_text())
    assert record["seats"][0]["house_edge"] == _figure(carib, "house_edge", "montecarlo").value
    assert record["dealer_qualifies"] == _figure(carib, "dealer_qualifies").value
    assert record["seats"][0]["hands"] == SETTINGS.caribbean_hands

    for index in (0, 1):
        poker = _section(report, "poker", index)
        args = _command(poker)
        assert args[args.index("--seed") + 1] == str(poker.data["seed"])
        out = tmp_path / f"stud-{index}.json"
        assert main([*args, "--json", str(out), "--no-progress"]) == 0
        record = json.loads(out.read_text())
        assert record["hands"] == SETTINGS.stud_hands
        for key, money in (("rake_per_table_hour", "rake"),
                           ("time_collection_per_table_hour", "time_collection")):  # fmt: skip
            figure = next((f for f in poker.figures() if f.key == key), None)
            if figure is not None:
                cli = record["money"][money]["per_table_hour"] / 100
                assert figure.value == pytest.approx(cli, rel=1e-9), (index, key)

    pit = _section(report, "floor")
    args = _command(pit)
    assert args[args.index("--seed") + 1] == str(pit.data["seed"])
    out = tmp_path / "floor.json"
    assert main([*args, "--json", str(out), "--quiet"]) == 0
    record = json.loads(out.read_text())
    assert record["floor"]["house_result_per_day"]["mean"] == pytest.approx(
        _figure(pit, "house_result_per_day").value, rel=1e-12
    )


def test_a_time_collection_table_says_it_has_no_rake(report):
    """Item 9: "rake per hand $0.00" beside time collection is labelled."""
    room = _section(report, "poker", 1)
    assert _figure(room, "rake_per_hand").value == 0
    assert "time collection" in _figure(room, "rake_per_hand").note
    assert _figure(room, "time_collection_per_100_hands").value > 0


def test_a_losing_side_bet_is_a_report_flag(tmp_path):
    """Item 10: a progressive whose long-run return is over 100% is flagged by the report."""
    source = (PAYTABLE_DIR / "progressives" / "50-75-100.yaml").read_text()
    losing = tmp_path / "losing.yaml"
    losing.write_text(source.replace("contribution_rate: 0.65", "contribution_rate: 0.80"))
    section = progressive_section(ProgressiveInput(losing, load_progressive(losing)), index=1)
    flags = section.flags()
    assert any("losing side bet" in line and "108.03%" in line for line in flags)
    sound = PAYTABLE_DIR / "progressives" / "50-75-100.yaml"
    assert (
        progressive_section(ProgressiveInput(sound, load_progressive(sound)), index=1).flags() == []
    )
