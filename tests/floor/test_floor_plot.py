"""The floor plot: formats by name, titles and axis labels, a legend entry per kind of award."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest

from casino_sim.errors import OptionError
from casino_sim.floor.model import FloorResult, JackpotHit, TableResult
from casino_sim.report.floor import PLOT_FORMATS, floor_figure, plot_floor


def _result() -> FloorResult:
    """Three tables (one losing) and a meter hit by a straight flush, a royal and a flush."""
    tables = [TableResult(10.0, house_win=Fraction(w)) for w in (600, -150, 420)]
    path = [(0.0, 10_000), (2.0, 12_000), (3.0, 11_000), (5.0, 14_000), (6.0, 10_000),
            (8.0, 13_000), (8.5, 12_500)]  # fmt: skip
    hits = [
        JackpotHit(3.0, 0, "straight_flush", Fraction(1_200)),
        JackpotHit(6.0, 1, "royal_flush", Fraction(14_000)),
        JackpotHit(8.5, 2, "flush", Fraction(500)),
    ]
    return FloorResult(1, 10.0, tables, [(h, Fraction(m)) for h, m in path], hits)


@pytest.mark.parametrize(
    ("fmt", "check"),
    [
        ("png", lambda b: b.startswith(b"\x89PNG\r\n\x1a\n")),
        ("svg", lambda b: b"<svg" in b[:2000] and b.rstrip().endswith(b"</svg>")),
        ("pdf", lambda b: b.startswith(b"%PDF") and b.rstrip().endswith(b"%%EOF")),
        (".PDF", lambda b: b.startswith(b"%PDF")),
    ],
)
def test_each_format_is_written_as_asked(fmt, check):
    buffer = io.BytesIO()
    plot_floor(_result(), buffer, format=fmt)
    assert check(buffer.getvalue())


def test_svg_and_pdf_bytes_are_reproducible():
    outputs = []
    for _ in range(2):
        for fmt in ("svg", "pdf"):
            buffer = io.BytesIO()
            plot_floor(_result(), buffer, format=fmt)
            outputs.append(buffer.getvalue())
    assert outputs[:2] == outputs[2:]


def test_format_defaults_to_the_extension_or_png(tmp_path):
    path = tmp_path / "floor.svg"
    plot_floor(_result(), path)
    assert b"<svg" in path.read_bytes()[:2000]
    buffer = io.BytesIO()
    plot_floor(_result(), buffer)
    assert buffer.getvalue().startswith(b"\x89PNG")


@pytest.mark.parametrize("fmt", ["gif", "jpg", "eps", ""])
def test_unknown_formats_are_refused_naming_the_accepted_ones(fmt):
    with pytest.raises(OptionError, match="png, svg, pdf"):
        plot_floor(_result(), io.BytesIO(), format=fmt)
    assert PLOT_FORMATS == ("png", "svg", "pdf")


def test_path_with_an_unknown_extension_is_refused(tmp_path):
    with pytest.raises(OptionError, match=r"'\.gif'.*png, svg, pdf"):
        plot_floor(_result(), tmp_path / "floor.gif")
    assert not (tmp_path / "floor.gif").exists()


def test_panels_have_titles_units_and_legends():
    top, bottom = floor_figure(_result()).axes
    assert top.get_title() == "Linked progressive meter"
    assert bottom.get_title() == "House win per table-hour"
    assert "hours" in top.get_xlabel() and "$" in top.get_ylabel()
    assert bottom.get_xlabel() == "table" and "$" in bottom.get_ylabel()
    top_labels = [t.get_text() for t in top.get_legend().get_texts()]
    assert top_labels == [
        "meter",
        "royal flush (1)",
        "straight flush (1)",
        "other meter award (1)",
    ]
    bottom_labels = [t.get_text() for t in bottom.get_legend().get_texts()]
    assert "floor mean ($29.00 per table-hour)" in bottom_labels


def test_royal_and_straight_flush_hits_look_different():
    top, _ = floor_figure(_result()).axes
    hits = {c.get_label(): c for c in top.collections}
    royal, straight = hits["royal flush (1)"], hits["straight flush (1)"]
    assert tuple(royal.get_facecolor()[0]) != tuple(straight.get_facecolor()[0])
    markers = {c.get_label(): c.get_paths()[0].vertices.shape for c in top.collections}
    assert markers["royal flush (1)"] != markers["straight flush (1)"]
    levels = {c.get_label(): tuple(c.get_offsets()[0]) for c in top.collections}
    assert levels["royal flush (1)"] == (6.0, 14_000.0)  # the meter just before the award
    assert levels["straight flush (1)"] == (3.0, 12_000.0)


def test_a_floor_without_a_progressive_still_plots():
    result = FloorResult(2, 4.0, [TableResult(4.0, house_win=Fraction(90))], [(0.0, Fraction(0))])
    fig = floor_figure(result)
    assert [ax.get_title() for ax in fig.axes] == [
        "Linked progressive meter",
        "House win per table-hour",
    ]
    buffer = io.BytesIO()
    plot_floor(result, buffer, format="png")
    assert buffer.getvalue().startswith(b"\x89PNG")
