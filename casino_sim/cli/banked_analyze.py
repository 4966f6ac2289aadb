"""``casino-sim analyze GAME`` for a ``kind: banked_game`` file: the exact figures as text and JSON.

``analyze`` hands a banked game here (:func:`is_banked_input`); Caribbean Stud
paytables keep their own path in :mod:`casino_sim.cli.analyze_cmd`.
"""

from __future__ import annotations

import argparse
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from casino_sim.cli.common import check_outputs, run_provenance
from casino_sim.cli.progressive_text import progressive_section
from casino_sim.errors import OptionError
from casino_sim.report.tables import money

__all__ = [
    "format_banked",
    "format_leak",
    "format_sampled_leak",
    "format_share",
    "is_banked_input",
    "run_banked",
]

_CARIBBEAN_ONLY = ("report", "format")
#: How much of an input file is read to find its ``kind:`` (the loader reads it whole).
_HEAD_BYTES = 1 << 20


def is_banked_input(name: str | None) -> Path | None:
    """The file ``name`` means when it is a ``kind: banked_game`` file, else None."""
    from casino_sim.config import resolve_input
    from casino_sim.config.problems import PaytableError

    if name is None:
        return None
    try:
        path = resolve_input(name)
    except PaytableError:
        return None
    if not path.is_file():  # a FIFO, a device, a folder: the loader says what is wrong
        return None
    try:
        with path.open("rb") as file:
            head = file.read(_HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None
    return path if re.search(r"^kind:\s*banked_game\s*$", head, re.MULTILINE) else None


def run_banked(args: argparse.Namespace, path: Path) -> int:
    """Analyse the banked game at ``path`` with ``--strategy``; ``--json``/``--csv`` write results."""
    from casino_sim.config import load_banked_game
    from casino_sim.engine.files import write_csv, write_json
    from casino_sim.games.banked.language import analyze_banked, at_ante, strategy_names
    from casino_sim.games.banked.language.progressive import progressives_of

    for option in _CARIBBEAN_ONLY:
        if getattr(args, option, None):
            raise OptionError(f"--{option} is for Caribbean Stud paytables, not banked games")
    game = with_progressive_option(load_banked_game(path), args.progressive)
    if args.meter and not progressives_of(game):
        raise OptionError(f"--meter: {game.name} has no progressive side bet")
    strategy = args.strategy
    if strategy not in strategy_names(game):
        raise OptionError(
            f"--strategy: {game.name} has no strategy {strategy!r}; expected one of "
            f"{', '.join(strategy_names(game))}"
        )
    leak = None
    if args.leak:
        from casino_sim.games.banked.language.leaks import is_sampled_leak, parse_leak

        leak = parse_leak(args.leak)
        if strategy != "optimal":
            raise OptionError("--leak: the strategy is the best one given the cards seen; "
                              "leave --strategy out")  # fmt: skip
    if (args.samples or args.seed is not None) and (
        leak is None or (leak.kind == "dealer" and not is_sampled_leak(game, leak))
    ):
        raise OptionError("--samples and --seed are for a sampled --leak (share:K, or dealer:N "
                          "at a game with six dealer cards)")  # fmt: skip
    inputs = {"game": path, **progressive_inputs(game)}
    check_outputs(args, {"--json": args.json, "--csv": args.csv}, inputs.values())
    record: dict[str, Any] = {"provenance": run_provenance(args, inputs)}
    capped = any(w.max_payout is not None for w in game.wagers.values())
    if leak is not None and (args.ante or capped):
        raise OptionError(f"--leak: leaks are analysed without payout caps this release ("
                          f"{'--ante given' if args.ante else game.name + ' caps a payout'})")  # fmt: skip
    antes = _antes(game, args.ante)
    if antes:
        analyses = [analyze_banked(at_ante(game, ante), strategy) for ante in antes]
        for ante, analysis in zip(antes, analyses, strict=True):
            print(f"At an ante of {money(ante)}{_caps_text(game)}:")
            print(format_banked(analysis, others=[]) + "\n")
        print(format_edge_by_ante(antes, analyses))
        record["analyses"] = [{"ante": str(a), **x.to_record()}
                              for a, x in zip(antes, analyses, strict=True)]  # fmt: skip
    elif leak is None:
        analysis = analyze_banked(game, strategy)
        print(format_banked(analysis, others=[s for s in strategy_names(game) if s != strategy]))
    else:
        exact = _run_leak(args, game, leak, record)
        if exact is None:  # sampled: printed and written
            return 0
        analysis = exact
    _print_progressives(game, args.meter, record)
    if antes:
        if args.json:
            write_json(args.json, record, overwrite=args.force)
        if args.csv:
            rows = [row | {"ante": str(ante)} for ante, analysis in zip(antes, analyses, strict=True)
                    for row in _net_rows(analysis)]  # fmt: skip
            write_csv(args.csv, rows, overwrite=args.force)
        return 0
    if args.json:
        record["analysis"] = analysis.to_record()
        write_json(args.json, record, overwrite=args.force)
    if args.csv:
        write_csv(args.csv, _net_rows(analysis), overwrite=args.force)
    return 0


def with_progressive_option(game: Any, name: str | None) -> Any:
    """``game`` with ``--progressive NAME`` as the progressive of its progressive side bet (the
    file's own without the option)."""
    from casino_sim.config.loader import with_progressive
    from casino_sim.config.problems import FieldProblem

    if name is None:
        return game
    sides = [n for n, side in game.side_bets.items() if side.progressive is not None]
    if len(sides) != 1:
        has = "no progressive side bet" if not sides else f"progressive side bets {sides}"
        raise OptionError(f"--progressive: {game.name} has {has}; the option replaces the "
                          "progressive of a game with one")  # fmt: skip
    try:
        return with_progressive(game, sides[0], name)
    except FieldProblem as problem:
        raise OptionError(f"--progressive: {problem}") from None


def progressive_inputs(game: Any) -> dict[str, Path]:
    """The progressive files of ``game``'s side bets, for the provenance."""
    from casino_sim.config import resolve_input

    return {f"progressive {name}": resolve_input(side.progressive, kind="progressive")
            for name, side in game.side_bets.items() if side.progressive is not None}  # fmt: skip


def _print_progressives(game: Any, meters: list[Fraction] | None, record: dict[str, Any]) -> None:
    """Each progressive side bet's exact figures, as ``analyze caribbean_stud/...
    --progressive`` prints them (the same code, on the hands the side bet's rule makes)."""
    from casino_sim.games.banked.caribbean_stud.exact.progressive import analyze_progressive
    from casino_sim.games.banked.language.progressive import progressive_counts, progressives_of

    for name, progressive in progressives_of(game).items():
        side = analyze_progressive(progressive, counts=progressive_counts(game, name))
        text, parts = progressive_section(side, meters)
        hand = game.side_bets[name].hand
        print(f"\nSide bet {name}: a progressive on the best five of the "
              f"{' and '.join(hand.cards)}'s cards, {money(progressive.wager)} a deal{text}")  # fmt: skip
        record.setdefault("progressives", {})[name] = parts


def _net_rows(analysis: Any) -> list[dict[str, Any]]:
    """The net results of an analysis as CSV rows (exact values as fractions)."""
    return [
        {
            "game": analysis.game,
            "strategy": analysis.strategy,
            "net": str(row.net),
            "combinations": row.combinations,
            "probability": float(row.probability),
        }
        for row in analysis.net_rows
    ]


def _antes(game: Any, given: list[Fraction] | None) -> list[Fraction]:
    """The antes to analyse at: ``--ante``'s, else with a payout cap the report's $5 to $500
    (the edge depends on the ante), else none (one analysis in units)."""
    from casino_sim.report.par.caribbean import CAPPED_ANTES

    if given:
        return list(given)
    capped = any(w.max_payout is not None for w in game.wagers.values())
    return list(CAPPED_ANTES) if capped else []  # the report's antes


def _caps_text(game: Any) -> str:
    """`` (payout cap $5,000.00 on raise)``, or nothing without a cap."""
    caps = [f"{money(w.max_payout)} on {name}" for name, w in game.wagers.items()
            if w.max_payout is not None]  # fmt: skip
    return f" (payout cap {', '.join(caps)})" if caps else ""


def format_edge_by_ante(antes: list[Fraction], analyses: list[Any]) -> str:
    """House edge and element of risk by ante (a payout cap makes them depend on it)."""
    lines = ["House edge by ante:"]
    lines += _table(
        ["ante", "house edge", "element of risk", "average total bet"],
        [[money(ante), _pct(a.house_edge), _pct(a.element_of_risk), f"{float(a.average_total_bet):.4f}"]
         for ante, a in zip(antes, analyses, strict=True)],
    )  # fmt: skip
    return "\n".join(lines)


def _run_leak(args: argparse.Namespace, game: Any, leak: Any, record: dict[str, Any]) -> Any | None:
    """``--leak``: print the figures; the exact analysis for the outputs, or None when sampled
    (its JSON written here: a sampled leak has no exact return table)."""
    from casino_sim.cli.common import pick_seed
    from casino_sim.engine.files import write_json
    from casino_sim.games.banked.language.leak_kinds import LeakAnalysis, SampledLeak
    from casino_sim.games.banked.language.leaks import analyze_leak, is_sampled_leak
    from casino_sim.games.banked.language.sharing import ShareAnalysis, analyze_share

    if args.csv and is_sampled_leak(game, leak):
        raise OptionError(f"--csv: {leak.label} is sampled, with no exact return table; use --json")
    seed = pick_seed(args.seed)
    figures: ShareAnalysis | LeakAnalysis | SampledLeak
    if leak.kind == "share":
        figures = analyze_share(game, leak.cards, samples=args.samples, seed=seed)
    else:
        figures = analyze_leak(game, leak, samples=args.samples, seed=seed)
    if isinstance(figures, ShareAnalysis):
        print(format_share(figures))
        print(format_banked(figures.analysis, others=[]))
        record["leak"] = {"leak": leak.label, "seen_sets_per_deal": figures.seen_sets,
                          "house_edge_without": str(figures.house_edge_without)}  # fmt: skip
        return figures.analysis
    if not isinstance(figures, SampledLeak):  # exact: dealer cards seen
        print(format_leak(figures))
        print(format_banked(figures.analysis, others=[]))
        record["leak"] = {"leak": leak.label, "seen_sets_per_deal": figures.seen_sets,
                          "house_edge_without": str(figures.house_edge_without)}  # fmt: skip
        return figures.analysis
    print(format_sampled_leak(figures))
    if args.json:
        record["leak"] = {
            "leak": leak.label, "sampled": True, "samples": figures.samples,
            "seed": str(figures.seed), "house_edge": figures.house_edge,
            "house_edge_95": list(figures.house_edge_interval),
            "element_of_risk": figures.element_of_risk,
            "element_of_risk_95": list(figures.element_of_risk_interval),
            "house_edge_without": str(figures.house_edge_without),
            "changed_share": figures.changed_share,
        }  # fmt: skip
        write_json(args.json, record, overwrite=args.force)
    return None


def format_sampled_leak(share: Any) -> str:
    """The sampled figures of a leak (others' hands or dealer cards seen), each with its 95%
    interval."""
    unit = share.house_edge_per
    low, high = share.house_edge_interval
    eor_low, eor_high = share.element_of_risk_interval
    return "\n".join([
        f"Leak {share.leak.label}: the player sees {share.sees} and plays the best "
        "strategy given the cards seen",
        f"  sampled: {share.samples:,} (hand, seen cards), each valued over {share.valued_over} "
        f"(seed {share.seed}); too many to count exactly",
        f"  house edge without the leak  {_pct(share.house_edge_without)} of the {unit} (exact)",
        f"  house edge with it           {100 * share.house_edge:.4f}% of the {unit}, 95% interval "
        f"{100 * low:.4f}% to {100 * high:.4f}%",
        f"  element of risk              {100 * share.element_of_risk:.4f}%, 95% interval "
        f"{100 * eor_low:.4f}% to {100 * eor_high:.4f}%",
        f"  deals where the leak changes {share.decision}  {100 * share.changed_share:.2f}%",
        "",
    ])  # fmt: skip


def _pct(value: Fraction) -> str:
    return f"{100 * float(value):.4f}%"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]
    lines = ["  " + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    for row in rows:
        cells = [
            c.rjust(w) if i and re.match(r"[-+\d]", c) else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def _exact_leak(title: str, without: Fraction, analysis: Any, counted: str) -> str:
    """An exact leak: what the player sees, the house edge without and with it, and how deals
    are counted."""
    edge, unit = analysis.house_edge, analysis.house_edge_per
    side = f"the player's edge {_pct(-edge)}" if edge < 0 else "still the house's"
    return "\n".join([
        f"{title} and plays the best strategy given the cards seen",
        f"  house edge without the leak  {_pct(without)} of the {unit}",
        f"  house edge with it           {_pct(edge)} of the {unit} ({side}; exact {edge})",
        f"  {counted}",
        "",
    ])  # fmt: skip


def format_leak(leaked: Any) -> str:
    """What seeing dealer cards is worth (``--leak dealer:N``)."""
    return _exact_leak(
        f"Leak {leaked.leak.label}: the player sees {leaked.seen_words}",
        leaked.house_edge_without,
        leaked.analysis,
        f"each deal counted once per set of cards that can be seen ({leaked.seen_sets} per deal)",
    )


def format_share(share: Any) -> str:
    """What seeing other players' hands is worth, counted exactly (``--leak share:K``)."""
    from casino_sim.games.banked.language.leak_kinds import Leak

    return _exact_leak(
        f"Leak share:{share.others}: the player sees {Leak('share', share.others).seen_words}",
        share.house_edge_without,
        share.analysis,
        f"each deal counted once per set of the others' cards ({share.seen_sets:,} per hand)",
    )


def format_banked(analysis: Any, *, others: list[str]) -> str:
    """The exact analysis as text: edge, element of risk, bets, returns, lines, strategy, side bets."""
    a = analysis
    unit = a.house_edge_per
    lines = [
        f"{a.game}: exact analysis over all {a.deals:,} deals ({a.deck_cards} cards), "
        f"strategy {a.strategy_label}",
        f"  house edge         {_pct(a.house_edge)} of the {unit} ({a.house_edge})",
        f"  element of risk    {_pct(a.element_of_risk)} of the average total bet",
        f"  average total bet  {float(a.average_total_bet):.4f} x the {unit} ({a.average_total_bet})",
        f"  SD                 {a.sd:.4f} x the {unit}",
        f"  ties between equal actions: the {a.prefer.replace('_', ' ')}",
        "",
        f"Return by wager (in units of the {unit}):",
    ]
    lines += _table(
        ["wager", "total over all deals", "per deal"],
        [[w, str(v), f"{float(v) / a.deals:+.6f}"] for w, v in a.wager_returns.items()]
        + [["all", str(a.total_return), f"{float(a.total_return) / a.deals:+.6f}"]],
    )
    lines += ["", f"Net result per deal (in units of the {unit}):"]
    lines += _table(
        ["net", "combinations", "probability", "contribution"],
        [
            [
                str(r.net),
                f"{r.combinations:,}",
                f"{float(r.probability):.8f}",
                f"{float(r.net * r.probability):+.6f}",
            ]
            for r in a.net_rows
        ],
    )
    if a.line_rows:
        lines += ["", "Paytable lines (the player's final hand, hands played):"]
        lines += _table(
            ["wagers", "line", "pays", "combinations", "probability"],
            [
                [
                    r.wager,
                    r.line,
                    "-" if r.pays is None else ("push" if r.pays == 0 else f"{r.pays} to 1"),
                    f"{r.combinations:,}",
                    f"{float(r.probability):.8f}",
                ]
                for r in a.line_rows
            ],
        )
    lines += ["", "Strategy:"]
    lines += [f"  {w}" for w in a.strategy_words]
    lines += [f"  {key}: {value}" for key, value in a.strategy_table]
    for stage, taken in a.decisions.items():
        total = sum(taken.values())
        shown = ", ".join(f"{n} {100 * c / total:.4f}%" for n, c in taken.items())
        lines.append(f"  deals by action after {stage}: {shown}")
    if others:
        lines.append(f"  other strategies: {', '.join(others)} (--strategy NAME)")
    for side in a.side_bets:
        lines += [
            "",
            f"Side bet {side.side_bet}, paytable {side.paytable}: house edge {_pct(side.house_edge)} "
            f"({side.house_edge}), SD {side.sd:.4f}, over {side.hands:,} {side.counted}",
        ]
        if side.source:
            lines.append(f"  published: {' '.join(side.source.split())}")
        lines += _table(
            ["line", "pays", "combinations", "probability"],
            [
                [
                    r.line,
                    "-" if r.pays is None else f"{r.pays} to 1",
                    f"{r.combinations:,}",
                    f"{float(r.probability):.8f}",
                ]
                for r in side.rows
            ],
        )
    return "\n".join(lines)
