"""The variant language in a hand: each street's deal, extra up cards and the players' card choices.

A :class:`StudHand` of a variant that uses the language (``variant.extended``)
owns a :class:`VariantPlay` (``hand.extra``). When a street starts it runs the
street's steps in this order (docs/variants.md):

1. ``discard`` with ``discard_first`` (right after the previous betting round);
2. the deal (a ``draft`` street deals its up cards to the centre instead), then
   the ``bonus_up`` extra up cards (Baseball: a 4 dealt face up earns one more);
3. ``draft`` picks, worst exposed board first;
4. ``discard`` (after the deal); 5. ``expose`` (all chosen cards turn up
   together once everyone has chosen); 6. ``twist``, seat by seat.

While a choice is pending, :meth:`StudHand.legal_actions` lists the choice
actions (``sizes`` holds the cards that may be chosen) and :meth:`StudHand.act`
takes ``(action, card)``. Choices are logged in :attr:`VariantPlay.log` as
``(street, seat, Action, card, new card or -1)``.

>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.decks import stacked_deck
>>> from casino_sim.games.poker_room.state import Action, StudHand
>>> v = load_stud_variant("stud/kentrel")  # four down; discard one, expose one
>>> deck = stacked_deck(v, ["Ah Ad 7c 2s", "Kh Qd 9c 3s"])
>>> hand = StudHand(v, load_stud_table("stud/tables/5-10"), [10_000] * 2, deck)
>>> legal = hand.legal_actions()
>>> legal.seat, legal.actions, legal.sizes
(0, (<Action.DISCARD: 8>,), (50, 49, 20, 3))
>>> hand.act(Action.DISCARD, 3); hand.act(Action.DISCARD, 7)
>>> hand.act(Action.EXPOSE, 20); hand.act(Action.EXPOSE, 28)  # 7c and 9c turn up together
>>> hand.up, hand.actor, [a.name for a in hand.legal_actions().actions]
([[20], [28]], 0, ['BRING_IN', 'COMPLETE'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from casino_sim.config.stud import Street, StudVariant
from casino_sim.config.stud_rules import rank_index
from casino_sim.games.poker_room.actions import Action, LegalActions, StudActionError
from casino_sim.games.poker_room.board import high_board_key, low_board_key

__all__ = ["CHOICE_ACTIONS", "JOKER", "DealtHand", "VariantPlay"]

#: The card-choice actions of the variant language.
CHOICE_ACTIONS = (
    Action.DISCARD,
    Action.EXPOSE,
    Action.TWIST,
    Action.STAND,
    Action.DRAFT,
    Action.SET_ASIDE,
)
#: The joker's card code.
JOKER = 52


class DealtHand(Protocol):
    """What :class:`VariantPlay` uses of the hand it belongs to (a
    :class:`~casino_sim.games.poker_room.state.StudHand`)."""

    variant: StudVariant
    n: int
    live: list[bool]
    down: list[list[int]]
    up: list[list[int]]
    community: list[int]
    burned: list[int]
    deck: list[int]
    pos: int
    street: int
    actor: int

    def _deal(self, rule_down: int, rule_up: int, *, community: bool) -> None: ...

    def choices_done(self) -> None:
        """The street's card choices are made: bet, or go on."""


class VariantPlay:
    """Deal steps, pending card choices, face-up order and showdown values of one hand."""

    def __init__(self, hand: DealtHand) -> None:
        self.hand = hand
        self.up_order: list[int] = []
        """Face-up cards in the order they appeared (follow the queen)."""
        self.queue: list[tuple[Action, int]] = []
        """Pending choices: (action, seat), the first is the one to make now."""
        self.centre: list[int] = []
        """Draft cards in the centre not yet taken."""
        self.exposing: list[list[int]] = [[] for _ in range(hand.n)]
        self.aside: list[list[int]] = [[] for _ in range(hand.n)]
        """Cards each seat set aside as its second hand (cowpie)."""
        self.dead: list[int] = []
        """Discarded and twisted-away cards."""
        self.log: list[tuple[int, int, Action, int, int]] = []
        self._steps: list[Callable[[], None]] = []
        self._rule: Street | None = None
        self._on_empty: Callable[[], None] | None = None
        self._draft_rounds = 0

    @property
    def pending(self) -> bool:
        """True while a player has a card choice to make."""
        return bool(self.queue)

    # ----------------------------------------------------------------- streets
    def start_street(self, rule: Street) -> bool:
        """Run the street's steps up to the first choice; True when one is pending."""
        self._rule = rule
        steps: list[Callable[[], None]] = []
        if rule.discard and rule.discard_first:
            steps.append(self._discards)
        steps.append(self._deal)
        if rule.draft:
            steps.append(self._drafts)
        if rule.discard and not rule.discard_first:
            steps.append(self._discards)
        if rule.expose:
            steps.append(self._exposes)
        if rule.twist:
            steps.append(self._twists)
        if rule.set_aside:
            steps.append(self._set_asides)
        self._steps = steps
        return self._run()

    def _run(self) -> bool:
        while not self.queue:
            if not self._steps:
                return False
            self._steps.pop(0)()
        self.hand.actor = self.queue[0][1]
        return True

    def _choosers(self) -> list[int]:
        hand = self.hand
        return [s for s in range(hand.n) if hand.live[s]]

    def _deal(self) -> None:
        hand, rule = self.hand, self._rule
        assert rule is not None
        before = [len(u) for u in hand.up]
        shared = len(hand.community)
        if rule.draft:
            self._deal_centre(rule.up)
            return
        hand._deal(rule.down, rule.up, community=rule.community)
        new = [hand.up[s][before[s] :] for s in range(hand.n)]
        for k in range(max(map(len, new), default=0)):
            for s in range(hand.n):
                if k < len(new[s]):
                    self._face_up(s, new[s][k])
        self.up_order += hand.community[shared:]

    def _face_up(self, seat: int, card: int) -> None:
        """Record a card dealt face up to ``seat``; a bonus rank earns another up card."""
        self.up_order.append(card)
        bonus = self.hand.variant.bonus_up
        if bonus is not None and card >> 2 == rank_index(bonus) and card != JOKER:
            extra = self._draw()
            if extra is not None:
                self.hand.up[seat].append(extra)
                self._face_up(seat, extra)

    def _draw(self) -> int | None:
        hand = self.hand
        if hand.pos >= len(hand.deck):
            return None
        card = hand.deck[hand.pos]
        hand.pos += 1
        return card

    # ----------------------------------------------------------------- choices
    def _deal_centre(self, rounds: int) -> None:
        hand = self.hand
        seats = self._choosers()
        if hand.variant.burn and len(hand.deck) - hand.pos > len(seats) * rounds:
            burned = self._draw()
            assert burned is not None
            hand.burned.append(burned)
        self._draft_rounds = rounds

    def _drafts(self) -> None:
        """One draft round: a card per player to the centre, picked worst board first."""
        hand = self.hand
        seats = self._choosers()
        cards = [c for c in (self._draw() for _ in seats) if c is not None]
        self.centre = cards
        low = hand.variant.first_to_act == "best-low"

        def key(s: int) -> tuple[int, int]:  # worst board first; ties: the first seat dealt
            board = hand.up[s] + hand.community
            return (low_board_key(board) if low else high_board_key(board), s)

        order = sorted(seats, key=key)[: len(cards)]
        self.queue = [(Action.DRAFT, s) for s in order]
        self._draft_rounds -= 1
        if self._draft_rounds > 0:
            self._steps.insert(0, self._drafts)

    def _discards(self) -> None:
        rule = self._rule
        assert rule is not None
        self.queue = [(Action.DISCARD, s) for s in self._choosers() for _ in range(rule.discard)]

    def _exposes(self) -> None:
        rule = self._rule
        assert rule is not None
        self.queue = [(Action.EXPOSE, s) for s in self._choosers() for _ in range(rule.expose)]
        self._on_empty = self._turn_up

    def _turn_up(self) -> None:
        hand = self.hand
        for s in range(hand.n):
            for card in self.exposing[s]:
                hand.down[s].remove(card)
                hand.up[s].append(card)
                self.up_order.append(card)
            self.exposing[s] = []

    def _twists(self) -> None:
        rule = self._rule
        assert rule is not None
        self.queue = [(Action.TWIST, s) for s in self._choosers() for _ in range(rule.twist)]

    def _set_asides(self) -> None:
        rule = self._rule
        assert rule is not None
        count = rule.set_aside
        self.queue = [(Action.SET_ASIDE, s) for s in self._choosers() for _ in range(count)]

    def legal(self) -> LegalActions:
        """The choice open to the seat to choose (``sizes``: the cards it may pick)."""
        action, seat = self.queue[0]
        hand = self.hand
        if action is Action.DRAFT:
            cards = tuple(self.centre)
        elif action is Action.TWIST:
            if hand.pos >= len(hand.deck):
                return LegalActions(seat, (Action.STAND,), 0, 0, ())
            return LegalActions(
                seat, (Action.TWIST, Action.STAND), 0, 0, (*hand.down[seat], *hand.up[seat])
            )
        elif action is Action.SET_ASIDE:
            from casino_sim.games.poker_room.cowpie import aside_options

            cards = aside_options(hand.down[seat], hand.up[seat], self.aside[seat])
        else:
            chosen = self.exposing[seat]
            cards = tuple(c for c in hand.down[seat] if c not in chosen)
        return LegalActions(seat, (action,), 0, 0, cards)

    def act(self, action: Action, card: int | None) -> None:
        """Make the pending choice: ``action`` with ``card`` (default: the first listed)."""
        legal = self.legal()
        seat = legal.seat
        if action not in legal.actions:
            shown = " or ".join(a.name.lower() for a in legal.actions)
            raise StudActionError(f"seat {seat} must {shown} now, not {action.name.lower()}")
        hand = self.hand
        new = -1
        if action is not Action.STAND:
            if card is None:
                card = legal.sizes[0]
            if card not in legal.sizes:
                raise StudActionError(f"card {card} cannot be chosen: pick one of {legal.sizes}")
            if action is Action.DRAFT:
                self.centre.remove(card)
                hand.up[seat].append(card)
                self.up_order.append(card)
            elif action is Action.DISCARD:
                hand.down[seat].remove(card)
                self.dead.append(card)
            elif action is Action.EXPOSE:
                self.exposing[seat].append(card)
            elif action is Action.SET_ASIDE:
                self.aside[seat].append(card)
            else:
                new = self._twist(seat, card)
        self.log.append((hand.street, seat, action, -1 if card is None else card, new))
        self.queue.pop(0)
        if not self.queue:
            if self._on_empty is not None:
                self._on_empty()
                self._on_empty = None
            if self._run():
                return
            hand.actor = -1
            hand.choices_done()
        else:
            hand.actor = self.queue[0][1]

    def _twist(self, seat: int, card: int) -> int:
        """Replace ``card`` by the next card of the deck, dealt face down or up as it was."""
        hand = self.hand
        new = self._draw()
        assert new is not None  # TWIST is offered only while cards are left
        self.dead.append(card)
        if card in hand.down[seat]:
            hand.down[seat][hand.down[seat].index(card)] = new
        else:
            hand.up[seat][hand.up[seat].index(card)] = new
            self.up_order.append(new)
        return new

    # ----------------------------------------------------------------- showdown
    def showdown_values(self, seats: list[int]) -> tuple[list[int | None], list[int | None]]:
        """High and second-half values of the showdown ``seats`` (see :mod:`.variant_eval`)."""
        from casino_sim.games.poker_room.variant_eval import seat_values

        hand = self.hand
        return seat_values(
            hand.variant,
            [hand.down[s] for s in seats],
            [hand.up[s] + hand.community for s in seats],
            up_order=self.up_order,
            aside=[self.aside[s] for s in seats],
        )
