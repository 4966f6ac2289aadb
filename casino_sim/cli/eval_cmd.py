"""``casino-sim eval``: evaluate and describe hands typed as card strings."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from casino_sim.cli.common import Subparsers

if TYPE_CHECKING:  # the evaluator (numba) loads when a hand is evaluated, not for --help
    from casino_sim.evaluator.api import HandRules, LowRules

_LOW_ALIASES: dict[str, LowRules] = {
    "a5": "ace-to-five",
    "ace-to-five": "ace-to-five",
    "a6": "ace-to-six",
    "ace-to-six": "ace-to-six",
    "8": "eight-or-better",
    "eight-or-better": "eight-or-better",
}


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="evaluate and describe poker hands",
        description='Evaluate hands of 5-7 cards, e.g. casino-sim eval "As Ks Qs Js Ts".',
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help='cards like "As Kd 7c 7h 2s"')
    parser.add_argument(
        "--low",
        choices=sorted(_LOW_ALIASES),
        help="rank as a low hand: a5 (razz), a6 (London lowball) or 8 (eight-or-better)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from casino_sim.cards import format_cards, parse_cards
    from casino_sim.errors import CardError
    from casino_sim.evaluator import best_five, category, describe, evaluate_high, evaluate_low

    rules: HandRules = _LOW_ALIASES[args.low] if args.low else "high"
    for text in args.hands:
        try:
            cards = parse_cards(text)
            if rules == "high":
                value = int(evaluate_high(cards))
                kind = category(value).name.lower()
            else:
                value = int(evaluate_low(cards, rules=rules))
                kind = rules
        except CardError as error:
            raise CardError(f"hand {text!r}: {error}", token=error.token) from None
        five = format_cards(best_five(cards, rules=rules)) if value >= 0 else "-"
        print(
            f"{format_cards(cards)}: {describe(value, rules=rules)}  [{kind} {value}; best five {five}]"
        )
    return 0
