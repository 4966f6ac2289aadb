"""Claim by claim: the vendor's figure, the computed one, the difference, and a verdict.

A claim holds when the claimed value is within its precision of the computed
value (stated, or implied by the digits written: see
:mod:`casino_sim.config.claims`). A claim that does not hold is checked against
the mistakes vendors make, and the one it matches is named:

- an edge quoted per total bet as if per initial bet (or the reverse);
- a count taken over another cycle: a line of the player's hand counted with the
  dealer's cards included, or a line of the deal counted without them;
- a progressive's long-run return quoted at the seed instead of at the average meter;
- the odds of a hand quoted as the odds of the award it can win;
- a figure rounded beyond the precision the claim states.

>>> from casino_sim.config import load_claim
>>> result = verify_claim(load_claim("claims/caribbean-standard"))
>>> result.holds, len(result.verdicts) == result.held
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from casino_sim.config import (
    Claim,
    ParClaim,
    load_banked_game,
    load_paytable,
    load_progressive,
    load_stud_table,
    load_stud_variant,
    resolve_input,
)
from casino_sim.config.claims import PROGRESSIVE_FIGURES
from casino_sim.config.words import did_you_mean, suggest
from casino_sim.config.yaml_source import declared_kind
from casino_sim.errors import ConfigError, OptionError
from casino_sim.games.banked.caribbean_stud import NAMED_STRATEGIES
from casino_sim.games.banked.caribbean_stud.strategy.rules_file import load_rule_strategy
from casino_sim.games.banked.caribbean_stud.strategy.table import DecisionTable
from casino_sim.verify.figures import (
    Computed,
    GameFigures,
    banked_figures,
    game_figures,
    line_key,
    progressive_figures,
    stud_figures,
)

__all__ = ["SIMULATED_Z", "ClaimError", "Verdict", "Verification", "verify_claim"]

#: A simulated figure (a stud table's rake) holds when the claim is within its precision plus
#: this many standard errors of the estimate (two-sided 95%).
SIMULATED_Z = 1.96
#: The stud variant of a stud table claim that names none.
DEFAULT_VARIANT = "stud/seven_card_stud"

_DEALER_HANDS = comb(47, 5)
"""The dealer's five cards, unordered, per player hand (1,533,939)."""


class ClaimError(ConfigError):
    """A claim that cannot be checked (a figure or line the game does not have).

    ``index`` is the claim's position in the file and ``key`` its key, so the CLI
    can name the file's line.
    """

    def __init__(self, message: str, index: int, key: str) -> None:
        super().__init__(message)
        self.index, self.key = index, key


@dataclass(frozen=True)
class Verdict:
    """One claim checked: the ``computed`` figure, ``difference`` (claimed - computed),
    whether it ``holds`` within ``tolerance``, and the ``finding`` when it does not."""

    index: int
    claim: Claim
    computed: Computed
    claimed: Fraction
    difference: Fraction
    tolerance: Fraction
    holds: bool
    finding: str = ""

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready row: exact values as fraction text beside floats."""
        exact = self.computed.exact
        return {
            "claim": self.index + 1,
            "figure": self.claim.figure,
            "line": self.claim.line,
            "per": self.claim.per,
            "what": self.computed.label,
            "claimed": self.claim.value.text,
            "claimed_value": float(self.claimed),
            "computed": float(self.computed.value),
            "computed_exact": _fraction_text(self.computed.value) if exact else None,
            "difference": float(self.difference),
            "precision": float(self.tolerance),
            "holds": self.holds,
            "verdict": "holds" if self.holds else "FAILS",
            "finding": self.finding,
        }


@dataclass(frozen=True)
class Verification:
    """Every claim of one file checked, with what was analysed."""

    name: str
    game: str
    strategy: str
    verdicts: tuple[Verdict, ...]
    figures: GameFigures

    @property
    def held(self) -> int:
        return sum(verdict.holds for verdict in self.verdicts)

    @property
    def holds(self) -> bool:
        """Does every claim hold?"""
        return self.held == len(self.verdicts)

    @property
    def summary(self) -> str:
        failed = len(self.verdicts) - self.held
        tail = "every claim holds" if failed == 0 else f"{failed} do not"
        return f"{self.held} of {len(self.verdicts)} claims hold: {tail}"

    def to_record(self) -> dict[str, Any]:
        return {
            "claim_file": self.name,
            "game": self.game,
            "strategy": self.strategy,
            "holds": self.holds,
            "summary": self.summary,
            "claims": [verdict.to_record() for verdict in self.verdicts],
        }


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def _show(value: Fraction, unit: str) -> str:
    if unit == "share":
        return f"{float(value):.4%}"
    if unit in ("count", "odds") and value.denominator == 1:
        return f"{value.numerator:,}"
    return f"{float(value):,.6g}"


def _mislabelled(claim: Claim, claimed: Fraction, figures: GameFigures) -> str:
    other = {
        ("house_edge", "initial_bet"): ("house_edge", "total_bet"),
        ("house_edge", "total_bet"): ("house_edge", "initial_bet"),
        ("element_of_risk", None): ("house_edge", "initial_bet"),
    }.get((claim.figure, claim.per))
    if other is None:
        return ""
    found = figures.get(*other)
    if found is None or abs(claimed - found.value) > claim.tolerance:
        return ""
    claimed_as = figures.get(claim.figure, claim.per)
    assert claimed_as is not None  # the claim was looked up before its mistakes
    return (
        f"mislabelled: {_show(found.value, 'share')} is the {found.label}, not the "
        f"{claimed_as.label}"
    )


def _other_cycle(claim: Claim, claimed: Fraction, computed: Computed, figures: GameFigures) -> str:
    if computed.unit != "count" or claimed <= 0:
        return ""
    per_hand, hands = figures.deals_per_player_hand, figures.player_hands
    if claim.figure == "award_combinations":
        for factor, what in ((per_hand, "deals"), (_DEALER_HANDS, "dealer hands")):
            if claimed == computed.value * factor:
                return (
                    f"counted with the dealer's cards included: {_show(claimed, 'count')} = "
                    f"{_show(computed.value, 'count')} player hands x {factor:,} {what}; the "
                    f"award is won on the player's five cards, of {hands:,} hands"
                )
    player_hands_only = claimed * per_hand == computed.value or (
        claim.figure == "total_cycle" and claimed == hands
    )
    if claim.figure in ("combinations", "total_cycle") and player_hands_only and per_hand > 1:
        return (
            f"counted without the dealer's cards: the cycle is {_show(computed.value, 'count')}"
            f" deals ({hands:,} player hands x {per_hand:,} deals each)"
        )
    return ""


def _at_the_seed(claim: Claim, claimed: Fraction, figures: GameFigures) -> str:
    if claim.figure != "long_run_return":
        return ""
    seed = figures.get("return_at_seed")
    if seed is None or abs(claimed - seed.value) > claim.tolerance:
        return ""
    return (
        f"quoted at the seed: {_show(seed.value, 'share')} is the return with the meter at its "
        "reset; the long-run return counts the meter and reserve money paid back on average"
    )


def _hand_odds(claim: Claim, claimed: Fraction, figures: GameFigures) -> str:
    hand = figures.top_hand
    if claim.figure != "top_award_odds" or hand is None:
        return ""
    label, odds = hand
    if abs(claimed - odds) > max(claim.tolerance, Fraction(1, 2)):
        return ""
    return (
        f"the odds of the hand ({label}: 1 in {_show(odds, 'odds')}), not of the award being "
        "paid: the player must raise and the dealer must qualify"
    )


def _rounded(claim: Claim, claimed: Fraction, computed: Computed) -> str:
    written = claim.value.precision
    if claim.precision is None or written <= claim.tolerance:
        return ""
    if abs(claimed - computed.value) > written:
        return ""
    return (
        f"rounded beyond its stated precision: written to within {_show(written, computed.unit)}, "
        f"stated to within {_show(claim.tolerance, computed.unit)}"
    )


_MISTAKES: tuple[Callable[[Claim, Fraction, GameFigures, Computed], str], ...] = (
    lambda c, v, f, x: _mislabelled(c, v, f),
    lambda c, v, f, x: _other_cycle(c, v, x, f),
    lambda c, v, f, x: _at_the_seed(c, v, f),
    lambda c, v, f, x: _hand_odds(c, v, f),
    lambda c, v, f, x: _rounded(c, v, x),
)


def _computed(claim: Claim, index: int, figures: GameFigures) -> Computed:
    line = claim.per if claim.figure == "house_edge" else claim.line
    found = figures.get(claim.figure, line)
    if found is not None:
        return found
    if claim.figure in PROGRESSIVE_FIGURES and figures.progressive is None:
        raise ClaimError(
            f"{claim.figure} is a figure of the progressive side bet; name it with progressive: "
            "(a file or a shipped name such as progressives/50-75-100)",
            index,
            "figure",
        )
    if claim.line is not None:
        lines = figures.lines(claim.figure)
        labels = {line_key(name): name for name in lines}
        choice = suggest(line_key(claim.line), labels)
        hint = "" if choice is None else f" (did you mean {labels[choice]!r}?)"
        raise ClaimError(
            f"{figures.name} has no {claim.figure} line {claim.line!r}{hint}; its lines: "
            f"{'; '.join(lines)}",
            index,
            "line",
        )
    raise ClaimError(
        f"{figures.name} has no figure {claim.figure} (e.g. no meter cap)", index, "figure"
    )


def _check(index: int, claim: Claim, figures: GameFigures) -> Verdict:
    computed = _computed(claim, index, figures)
    claimed = claim.value.value
    if claim.value.percent and computed.unit not in ("share",):
        raise ClaimError(f"{claim.figure} is not a share: write it without %", index, "value")
    difference = claimed - computed.value
    tolerance = claim.tolerance + Fraction(SIMULATED_Z * computed.se)  # an exact figure: se 0
    holds = abs(difference) <= tolerance
    finding = ""
    if not holds:
        finding = next(
            (text for mistake in _MISTAKES if (text := mistake(claim, claimed, figures, computed))),
            "",
        )
    return Verdict(index, claim, computed, claimed, difference, tolerance, holds, finding)


def verify_claim(claim: ParClaim, *, base: Path | None = None) -> Verification:
    """Check every claim of ``claim`` against the game's figures, computed here.

    ``base`` is the folder of the claim file: the files it names are looked for there
    first (then among the shipped files).
    """
    path = resolve_input(claim.game, base=base)
    kind = declared_kind(path)
    if kind == "progressive":
        if claim.progressive is not None:
            raise ClaimError("the game is the progressive itself: remove 'progressive'", -1,
                             "progressive")  # fmt: skip
        figures = progressive_figures(load_progressive(path))
    elif kind == "banked_game":
        if claim.progressive is not None or claim.ante is not None:
            key = "progressive" if claim.progressive is not None else "ante"
            raise ClaimError(f"{key} is for a Caribbean Stud paytable, not a banked game", -1, key)
        game = load_banked_game(path)
        try:
            figures = banked_figures(game, strategy=claim.strategy)
        except OptionError as error:
            raise ClaimError(str(error), -1, "strategy") from None
    elif kind == "caribbean_stud":
        paytable = load_paytable(path)
        side = None
        if claim.progressive is not None:
            side = load_progressive(resolve_input(claim.progressive, "progressive", base=base))
        figures = game_figures(
            paytable,
            strategy=_strategy(claim.strategy, base),
            ante=claim.ante,
            progressive=side,
            strategy_name=claim.strategy,
        )
    elif kind == "stud_table":
        table = load_stud_table(path)
        variant = load_stud_variant(resolve_input(claim.variant or DEFAULT_VARIANT, "stud_variant",
                                                  base=base))  # fmt: skip
        seats = min(variant.max_players, table.max_seats)
        if claim.players > seats:
            raise ClaimError(f"{variant.name} on this table seats at most {seats} players", -1,
                             "players")  # fmt: skip
        figures = stud_figures(variant, table, players=claim.players, hands=claim.hands,
                               seed=claim.seed)  # fmt: skip
    else:
        raise ClaimError(
            f"verify checks a caribbean_stud paytable, a progressive, a banked_game or a "
            f"stud_table; "
            f"{claim.game} is {'a ' + str(kind) if kind else 'of no kind'} file",
            -1,
            "game",
        )
    verdicts = tuple(_check(i, c, figures) for i, c in enumerate(claim.claims))
    return Verification(claim.name, figures.name, figures.strategy, verdicts, figures)


def _strategy(name: str, base: Path | None) -> str | DecisionTable:
    """A named strategy, or the strategy file ``name`` (below ``base`` when relative)."""
    if name in NAMED_STRATEGIES:
        return name
    path = Path(name) if base is None or Path(name).is_absolute() else base / name
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        raise ClaimError(
            f"unknown strategy {name!r}{did_you_mean(name, NAMED_STRATEGIES)}; expected "
            f"{', '.join(NAMED_STRATEGIES)} or a strategy YAML file",
            -1,
            "strategy",
        )
    return load_rule_strategy(path)
