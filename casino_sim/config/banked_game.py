"""Banked poker games as data (``kind: banked_game``): deck, stages, hands, wagers, decisions.

A game is dealt in ``stages`` (cards to the player, the dealer, the board); after a
stage the player may have a ``decision`` (fold, bet a multiple of a wager, take a
bet back). Every ``wager`` says how it is settled: even money against the dealer
(with the dealer's ``qualifier``), or the ``paytable`` on the player's final hand.
``side_bets`` pay their own paytables, one or more named variants each, or a progressive's
awards (its meter: ``kind: progressive``). The parts are :mod:`.banked_parts`' (named here
too); this module holds the game and the rules across its fields.

>>> from casino_sim.config import load_banked_game
>>> load_banked_game("banked/three_card_poker").when_ranking("deal")
'three_card'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import Field

from casino_sim.config.banked_parts import (
    RANKING_SIZES,
    RANKINGS,
    BetAction,
    Decision,
    DeckSpec,
    FoldAction,
    HandRule,
    PayLine,
    PaytableResolution,
    SideBet,
    Stage,
    StayAction,
    StrategyRule,
    TakeBackAction,
    Threshold,
    VersusDealer,
    Wager,
    action_names,
    dealer_rule,
    rank_text,
)
from casino_sim.config.common import definition, hand_label, require_whole_cents
from casino_sim.config.money import PositiveAmount, Text
from casino_sim.config.problems import FieldProblem
from casino_sim.config.words import did_you_mean

__all__ = [
    "RANKINGS",
    "RANKING_SIZES",
    "BankedGame",
    "BetAction",
    "Decision",
    "DeckSpec",
    "FoldAction",
    "HandRule",
    "PayLine",
    "PaytableResolution",
    "SideBet",
    "Stage",
    "StayAction",
    "StrategyRule",
    "TakeBackAction",
    "Threshold",
    "VersusDealer",
    "Wager",
    "action_names",
    "dealer_rule",
    "rank_text",
]


@definition
class BankedGame:
    """A banked poker game (``kind: banked_game``): the player against the house."""

    kind: Literal["banked_game"] = "banked_game"
    """Always banked_game."""
    name: Text
    """The game's name."""
    description: Text = ""
    """One line for `casino-sim list`."""
    source: Text = ""
    """The published analysis the figures are checked against (page)."""
    notes: Text = ""
    """Published figures and anything a reader should know."""
    deck: DeckSpec = DeckSpec()
    """The deck."""
    stages: tuple[Stage, ...] = Field(min_length=1)
    """The deals, in order."""
    hands: Mapping[Literal["player", "dealer"], HandRule]
    """The player's hand (required) and the dealer's (with a dealer)."""
    qualifier: Threshold | None = None
    """The dealer's least hand to qualify; null: the dealer always qualifies."""
    wagers: Mapping[str, Wager]
    """The named wagers of the main game."""
    decisions: tuple[Decision, ...] = ()
    """The player's choices, in stage order."""
    prefer: Literal["smaller_bet", "larger_bet"] = "smaller_bet"
    """Between actions of equal expected value: the one with less (or more) money on the felt."""
    house_edge_per: Text
    """The wager whose initial amount is the unit of the house edge (e.g. ante)."""
    side_bets: Mapping[str, SideBet] = Field(default_factory=dict)
    """Side bets with their own paytables."""
    strategies: Mapping[str, Mapping[str, tuple[StrategyRule, ...]]] = Field(default_factory=dict)
    """Named strategies: per decision (the stage name it follows), rules tried in order."""
    unit_money: PositiveAmount | None = None
    """The money of one unit (the house_edge_per wager's initial bet is its initial units), for payout caps; analyze --ante sets it; null: none."""

    def __post_init__(self) -> None:
        _check(self)

    # ------------------------------------------------------------------ facts

    def cards_of(self, owner: str, through: str = "") -> int:
        """How many cards ``owner`` (player, dealer, board) receives in all, or up to and
        including the stage ``through``."""
        names = [stage.name for stage in self.stages]
        last = names.index(through) if through in names else len(names) - 1
        return sum(getattr(stage, owner) for stage in self.stages[: last + 1])

    def rule_cards(self, rule: HandRule) -> int:
        """How many cards a hand rule chooses from."""
        return sum(self.cards_of(owner, rule.through) for owner in set(rule.cards))

    def when_ranking(self, after: str) -> str:
        """The ranking a strategy's ``when`` reads at the decision after stage ``after``: the
        player's hand's, or ``two_card`` when the player has seen two cards in all (hold'em
        before the flop)."""
        player = self.hands["player"]
        seen = sum(self.cards_of(owner, after) for owner in set(player.cards))
        return "two_card" if seen == 2 else player.ranking

    def action_names(self, decision: Decision) -> list[str]:
        """The names of a decision's actions, one per bet size."""
        return [n for a in decision.actions for n in action_names(a)]


def _check(game: BankedGame) -> None:
    """The cross-field rules; each raises one :class:`FieldProblem` naming its key."""
    stage_names = [s.name for s in game.stages]
    for i, stage in enumerate(game.stages):
        if stage.dealer_up > stage.dealer:
            raise FieldProblem(
                f"{stage.dealer_up} dealer cards up of {stage.dealer} dealt",
                "stages", i, "dealer_up",
            )  # fmt: skip
        if stage_names.index(stage.name) != i:
            raise FieldProblem(f"a second stage named {stage.name!r}", "stages", i, "name")
    dealt = sum(s.player + s.dealer + s.board for s in game.stages)
    if dealt > game.deck.cards:
        raise FieldProblem(
            f"the stages deal {dealt} cards, more than the deck's {game.deck.cards}", "stages"
        )
    if "player" not in game.hands:
        raise FieldProblem("missing the player's hand rule", "hands", "player")
    for who, rule in game.hands.items():
        _check_rule(game, rule, "hands", who)
        if rule.ranking == "two_card":
            raise FieldProblem(
                "two_card ranks a side bet's hand and a strategy's rules on two cards; the "
                "main game's hands rank three to five",
                "hands", who, "ranking",
            )  # fmt: skip
    if "dealer" in game.hands and game.cards_of("dealer") == 0:
        raise FieldProblem("a dealer hand rule, but the stages deal the dealer no cards", "hands")
    if game.qualifier is not None:
        if "dealer" not in game.hands:
            raise FieldProblem("a qualifier needs the dealer's hand rule", "qualifier")
        _check_threshold(game.hands["dealer"].ranking, game.qualifier, "qualifier")
    names = list(game.wagers)
    if game.house_edge_per not in game.wagers or game.wagers[game.house_edge_per].initial == 0:
        raise FieldProblem(
            f"{game.house_edge_per!r} is not a wager bet before the deal"
            f"{did_you_mean(game.house_edge_per, names)}",
            "house_edge_per",
        )
    for name, wager in game.wagers.items():
        require_whole_cents(wager.max_payout, "wagers", name, "max_payout")
        resolve = wager.resolve
        if isinstance(resolve, VersusDealer) and resolve.paytable and resolve.bonus:
            raise FieldProblem(
                "a paytable or a bonus, not both", "wagers", name, "resolve", "bonus"
            )  # fmt: skip
        key = "paytable" if isinstance(resolve, PaytableResolution) or resolve.paytable else "bonus"
        _check_lines(game, game.hands["player"].ranking, resolve.lines,
                     "wagers", name, "resolve", key)  # fmt: skip
        if isinstance(resolve, VersusDealer) and "dealer" not in game.hands:
            raise FieldProblem(
                "settled against the dealer, but the game has no dealer hand",
                "wagers", name, "resolve", "type",
            )  # fmt: skip
    for name, side in game.side_bets.items():
        _check_rule(game, side.hand, "side_bets", name, "hand")
        if side.progressive is not None and side.paytables:
            raise FieldProblem(
                "paytables or a progressive, not both", "side_bets", name, "progressive"
            )
        if side.progressive is None and not side.paytables:
            raise FieldProblem(
                "at least one paytable, or a progressive", "side_bets", name, "paytables"
            )
        if side.progressive is not None:
            _check_progressive_hand(game, side.hand, "side_bets", name, "hand", "cards")
        for variant, lines in side.paytables.items():
            _check_lines(game, side.hand.ranking, lines, "side_bets", name, "paytables", variant,
                         side=side.hand)  # fmt: skip
    seen: list[str] = []
    for i, decision in enumerate(game.decisions):
        if decision.after not in stage_names:
            raise FieldProblem(
                f"no stage {decision.after!r}{did_you_mean(decision.after, stage_names)}",
                "decisions", i, "after",
            )  # fmt: skip
        if decision.after in seen or (
            seen and stage_names.index(decision.after) < stage_names.index(seen[-1])
        ):
            raise FieldProblem("decisions must follow the stages in order, one a stage",
                               "decisions", i, "after")  # fmt: skip
        seen.append(decision.after)
        for j, action in enumerate(decision.actions):
            if isinstance(action, BetAction) and (action.up_to or action.times) < action.times:
                raise FieldProblem(
                    f"up_to {action.up_to} is less than times {action.times}",
                    "decisions", i, "actions", j, "up_to",
                )  # fmt: skip
            for field in ("wager", "of"):
                word = getattr(action, field, None)
                if word is not None and word not in game.wagers:
                    raise FieldProblem(
                        f"no wager {word!r}{did_you_mean(word, names)}; the wagers are "
                        f"{', '.join(names)}",
                        "decisions", i, "actions", j, field,
                    )  # fmt: skip
    decisions = {d.after: d for d in game.decisions}
    for name, strategy in game.strategies.items():
        for after, rules in strategy.items():
            if after not in decisions:
                raise FieldProblem(
                    f"no decision after {after!r}{did_you_mean(after, list(decisions))}",
                    "strategies", name, after,
                )  # fmt: skip
            legal = game.action_names(decisions[after])
            for j, step in enumerate(rules):
                if step.action not in legal:
                    raise FieldProblem(
                        f"no action {step.action!r}{did_you_mean(step.action, legal)}; "
                        f"expected one of {', '.join(legal)}",
                        "strategies", name, after, j, "action",
                    )  # fmt: skip
                if step.when is not None:
                    _check_threshold(game.when_ranking(after), step.when,
                                     "strategies", name, after, j, "when")  # fmt: skip


def _check_rule(game: BankedGame, rule: HandRule, *path: str) -> None:
    names = [stage.name for stage in game.stages]
    if rule.through and rule.through not in names:
        raise FieldProblem(
            f"no stage {rule.through!r}{did_you_mean(rule.through, names)}", *path, "through"
        )
    available = game.rule_cards(rule)
    if rule.use > available:
        upto = f" through {rule.through}" if rule.through else ""
        raise FieldProblem(
            f"uses {rule.use} cards, but the stages deal {available} to "
            f"{' and '.join(rule.cards)}{upto}",
            *path, "use",
        )  # fmt: skip
    size = RANKING_SIZES[rule.ranking]
    if rule.use != size:
        raise FieldProblem(f"the {rule.ranking} ranking ranks hands of {size} cards", *path, "use")
    if len(set(rule.cards)) != len(rule.cards):
        raise FieldProblem("an owner named twice", *path, "cards")


def _check_progressive_hand(game: BankedGame, rule: HandRule, *path: str) -> None:
    """A progressive is settled on each seat's own hand (its meter pays the seat), of at most
    the seven cards the evaluator ranks at once."""
    if "player" not in rule.cards:
        raise FieldProblem("a progressive pays each player on a hand of the player's own cards: "
                           "list player among the cards", *path)  # fmt: skip
    if game.rule_cards(rule) > 7:
        raise FieldProblem(f"a progressive is settled on at most 7 cards (the best five of "
                           f"seven); this hand reads {game.rule_cards(rule)}", *path)  # fmt: skip


def _check_category(ranking: str, hand: str, *path: str | int) -> None:
    if hand not in RANKINGS[ranking]:
        raise FieldProblem(
            f"the {ranking} ranking has no {hand_label(hand)}; its hands are "
            f"{', '.join(RANKINGS[ranking])}",
            *path,
        )


def _check_threshold(ranking: str, threshold: Threshold | PayLine, *path: str | int) -> None:
    """The category is the ranking's; ``suited`` only on a two-card high card."""
    _check_category(ranking, threshold.hand, *path, "hand")
    if threshold.suited is not None and (ranking, threshold.hand) != ("two_card", "high_card"):
        where = "a pair" if threshold.hand == "one_pair" else f"the {ranking} ranking"
        raise FieldProblem(
            f"suited or offsuit is read on two-card high cards only, not on {where}",
            *path, "suited",
        )  # fmt: skip


def _check_lines(
    game: BankedGame,
    ranking: str,
    lines: Sequence[PayLine],
    *path: str | int,
    side: HandRule | None = None,
) -> None:
    """Each line's category and ``suited``; a ``dealer`` condition only on a side bet whose
    hand the dealer's cards can make too (``side``: the side bet's hand rule)."""
    for i, line in enumerate(lines):
        _check_threshold(ranking, line, *path, i)
        if line.dealer is None:
            continue
        if side is None:
            raise FieldProblem("a dealer condition is read on side-bet lines only",
                               *path, i, "dealer")  # fmt: skip
        rule = dealer_rule(side)
        if rule is None or game.rule_cards(rule) < rule.use:
            raise FieldProblem(
                "a dealer condition reads the dealer's cards in place of the player's: the "
                "side bet's hand must read the player's cards and the game deal the dealer "
                f"enough of them{' through ' + side.through if side.through else ''}",
                *path, i, "dealer",
            )  # fmt: skip
        _check_threshold(ranking, line.dealer, *path, i, "dealer")
