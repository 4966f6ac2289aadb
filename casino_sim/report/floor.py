"""Text and plots for a floor run: hold per table-hour and the linked meter over time."""

from __future__ import annotations

from pathlib import Path

from casino_sim.report.caribbean import money
from casino_sim.report.tables import percent, text_table
from casino_sim.sim.floor import FloorResult


def format_floor(result: FloorResult) -> str:
    """Per-table totals, the floor's win per table-hour, traffic and the meter."""
    rows = [
        [
            f"table {i + 1}",
            f"{t.rounds:,}",
            f"{t.hands:,}",
            f"{t.hours_dealing:,.1f}",
            money(t.wagered),
            money(t.house_win),
            percent(t.hold, 2),
            f"${t.win_per_table_hour:,.2f}",
        ]
        for i, t in enumerate(result.tables)
    ]
    lines = [
        f"Floor: {len(result.tables)} Caribbean Stud table(s), {result.hours:,.1f} hours, seed {result.seed}",
        "",
        text_table(
            [
                "",
                "Rounds",
                "Hands",
                "Hours dealing",
                "Wagered",
                "House win",
                "Hold",
                "Win/table-hour",
            ],
            rows,
        ),
        "",
        f"Floor win per table-hour: ${result.win_per_table_hour:,.2f}; "
        f"players arrived {result.arrivals:,}, turned away (no free seat) {result.turned_away:,}",
    ]
    if len(result.meter_path) > 1:
        side_bets = sum(t.side_bets for t in result.tables)
        awards = sum(t.side_awards for t in result.tables)
        lines.append(
            f"Linked meter: {money(result.meter_path[0][1])} -> {money(result.meter_path[-1][1])}; "
            f"side bets {money(side_bets)}, awards paid {money(awards)}, meter hits {len(result.jackpots)}"
        )
        for hit in result.jackpots[:10]:
            lines.append(
                f"  {hit.hours:8.2f} h  table {hit.table + 1}  {hit.hand.replace('_', ' ')}  {money(hit.amount)}"
            )
    return "\n".join(lines)


def plot_floor(result: FloorResult, path: str | Path) -> None:
    """Two panels: the meter over time, and each table's house win per table-hour."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6))
    hours = [h for h, _ in result.meter_path]
    top.step(hours, [float(m) for _, m in result.meter_path], where="post")
    for hit in result.jackpots:
        top.axvline(hit.hours, color="#b33", linewidth=0.6)
    top.set_xlabel("hours")
    top.set_ylabel("meter ($)")
    top.set_title("Linked progressive meter (red: meter awards)")
    names = [f"T{i + 1}" for i in range(len(result.tables))]
    bottom.bar(names, [t.win_per_table_hour for t in result.tables], color="#46a")
    bottom.axhline(result.win_per_table_hour, color="black", linestyle="--", linewidth=0.8)
    bottom.set_ylabel("house win per table-hour ($)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
