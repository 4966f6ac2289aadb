"""One hand of stud: dealing, the legal-action query and applying actions.

Every betting structure of the table plays here: fixed limit (each bet and raise
one size), spread limit, pot limit and no limit (any "to" amount between the two
``sizes`` of :class:`LegalActions`; see :mod:`.structures`).

Seats are numbered in dealing order (seat 0 is dealt first, i.e. sits left of
the dealer). Money is in integer cents. Every action goes through
:meth:`StudHand.act`, which raises :class:`StudActionError` saying why an
illegal action is refused.

>>> from casino_sim.config import load_stud_table, load_stud_variant
>>> from casino_sim.games.poker_room.decks import stacked_deck
>>> variant = load_stud_variant("stud/seven_card_stud")
>>> table = load_stud_table("stud/tables/5-10")  # $0.50 ante, $2 bring-in, $5/$10
>>> deck = stacked_deck(variant, ["Ah 9d 7s", "2c 5c 3d"])
>>> hand = StudHand(variant, table, [10_000, 10_000], deck)
>>> hand.actor, [a.name for a in hand.legal_actions().actions]
(1, ['BRING_IN', 'COMPLETE'])
>>> hand.act(Action.BRING_IN); hand.act(Action.FOLD)
>>> hand.done, hand.stacks
(True, [9950, 10050])
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.games.poker_room.actions import Action, LegalActions, StudActionError
from casino_sim.games.poker_room.board import bring_in_seat, first_to_act
from casino_sim.games.poker_room.choices import VariantPlay
from casino_sim.games.poker_room.raising import RaiseRules
from casino_sim.games.poker_room.showdown import Settlement, settle
from casino_sim.games.poker_room.structures import BetLimits

__all__ = ["Action", "LegalActions", "StudActionError", "StudHand"]


_AGGRESSIVE = (Action.COMPLETE, Action.BET, Action.RAISE)


class StudHand(RaiseRules):
    """A hand in progress. Public read-only state: ``stacks``, ``live``, ``down``,
    ``up``, ``community``, ``street``, ``actor`` (-1 when no one is to act),
    ``done``, ``log`` (tuples ``(street, seat, Action, chips_added, street_total)``).
    """

    __slots__ = (
        "_big",
        "_bring",
        "_by_suit",
        "_complete_short",
        "_free_fold",
        "_half_bet",
        "_limits",
        "_low_first",
        "_n_streets",
        "_open_pair_rule",
        "_raise_on_all_in",
        "_small",
        "acted",
        "actor",
        "burned",
        "community",
        "contrib",
        "deck",
        "done",
        "down",
        "extra",
        "live",
        "log",
        "n",
        "need",
        "open_pair",
        "pos",
        "sbet",
        "seen",
        "settlement",
        "size",
        "stacks",
        "start_stacks",
        "street",
        "table",
        "up",
        "variant",
    )

    def __init__(
        self,
        variant: StudVariant,
        table: StudTable,
        stacks: Sequence[int],
        deck: Sequence[int],
    ) -> None:
        n = len(stacks)
        most = min(variant.max_players, table.max_seats)
        if not 2 <= n <= most:
            raise StudActionError(
                f"{variant.name} at this table seats 2..{most} players, got {n}"
                f" (max_players {variant.max_players}, max_seats {table.max_seats})"
            )
        if any(s <= 0 for s in stacks):
            raise StudActionError("every seat dealt in needs chips")
        self.variant, self.table, self.n = variant, table, n
        self.start_stacks = list(stacks)
        self.stacks = list(stacks)
        self.contrib = [0] * n
        self.sbet = [0] * n
        self.live = [True] * n
        self.ghost = [False] * n  # folded with checking free: still dealt cards (rule 9)
        self.seen = [0] * n  # the street's bet level when each seat last acted
        self.down: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.community: list[int] = []
        self.burned: list[int] = []
        self.deck = list(deck)
        self.pos = 0
        self.log: list[tuple[int, int, Action, int, int]] = []
        self.street = -1
        self.done = False
        self.actor = -1
        self.settlement: Settlement | None = None
        self.extra: VariantPlay | None = None
        if variant.extended:  # the variant language's deal, choices and showdown
            self.extra = VariantPlay(self)
        self._small, self._big = table.small_bet_cents, table.big_bet_cents
        self._bring = table.bring_in_cents
        self._low_first = variant.first_to_act == "best-low"
        self._by_suit = table.tie_break == "suit"
        self._n_streets = len(variant.streets)
        self._limits = BetLimits.of(table)
        big_bet_option = variant.open_pair_big_bet and self._big > self._small
        self._open_pair_rule = big_bet_option and self._limits.fixed
        # pot limit and no limit: an all-in short of a full raise reopens nothing and the
        # next raise goes a full raise above it (Robert's), whatever the limit options say;
        # away from fixed limit a short all-in that counts sets the level at the all-in
        big_game = not self._limits.capped
        self._half_bet = table.short_all_in == "half-bet" and not big_game
        self._raise_on_all_in = table.short_all_in_raise == "all-in-plus-bet"
        self._complete_short = table.complete_short_all_in and not big_game
        self._free_fold = table.fold_when_check_free
        ante = table.ante_cents
        if ante:
            for s in range(n):
                paid = min(ante, self.stacks[s])
                self.stacks[s] -= paid
                self.contrib[s] += paid
                self.log.append((0, s, Action.ANTE, paid, 0))
        self._next_street()

    # ----------------------------------------------------------------- dealing
    def _draw(self, pool: list[int]) -> int:
        if pool:
            return pool.pop(0)
        card = self.deck[self.pos]
        self.pos += 1
        return card

    def _deal(self, rule_down: int, rule_up: int, *, community: bool) -> None:
        live_seats = [s for s in range(self.n) if self.live[s] or self.ghost[s]]
        per_player = rule_down + rule_up
        need = per_player if community else per_player * len(live_seats)
        left = len(self.deck) - self.pos
        burn = self.variant.burn and self.street > 0
        pool: list[int] = []
        if left >= need + burn:
            if burn:
                self.burned.append(self._draw(pool))
        elif left + len(self.burned) >= need:  # reuse the burn cards (Robert's rule 15)
            pool = self.deck[self.pos :] + self.burned
            self.pos, self.burned = len(self.deck), []
        elif not community and per_player == 1:  # not enough cards: one common card
            if left >= 2:
                self.burned.append(self._draw(pool))
            elif left == 0:
                pool = self.burned
                self.burned = []
            community, rule_up, rule_down = True, 1, 0
        else:
            raise StudActionError("the deck ran out of cards")
        if community:
            for _ in range(rule_down + rule_up):
                self.community.append(self._draw(pool))
            return
        for _ in range(rule_down):
            for s in live_seats:
                self.down[s].append(self._draw(pool))
        for _ in range(rule_up):
            for s in live_seats:
                self.up[s].append(self._draw(pool))

    def board(self, seat: int) -> list[int]:
        """The exposed cards of ``seat`` (its upcards plus any community card)."""
        return self.up[seat] + self.community

    # ----------------------------------------------------------------- streets
    def _next_street(self) -> None:
        while True:
            self.street += 1
            if self.street == self._n_streets:
                self._finish()
                return
            rule = self.variant.streets[self.street]
            if self.extra is None:
                self._deal(rule.down, rule.up, community=rule.community)
            elif self.extra.start_street(rule):
                return  # the players' card choices come first
            if self._begin_betting(big=rule.big):
                return

    def choices_done(self) -> None:
        """The street's card choices are made: bet, or go on when nobody can."""
        if not self._begin_betting(big=self.variant.streets[self.street].big):
            self._next_street()

    def _begin_betting(self, *, big: bool) -> bool:
        """Set up the betting round; False when nobody can bet (all-in players)."""
        n, live, stacks = self.n, self.live, self.stacks
        self.size = self.inc = self._big if big else self._small
        self.sbet = [0] * n
        self.high = self.level = self.count = 0
        self.big_used = False
        self.completion_pending = False
        self.need = [live[s] and stacks[s] > 0 for s in range(n)]
        self.acted = [False] * n
        self.seen = [0] * n
        if sum(self.need) <= 1:
            return False
        self.uncapped = False
        self._check_uncapped()
        variant = self.variant
        if self.street == 0 and variant.bring_in != "none" and self._bring > 0:
            self.bring_pending = True
            opener = bring_in_seat(
                self.up,
                live,
                lowest=variant.bring_in == "lowest",
                ace_low=variant.bring_in_ace_low,
            )
        else:
            self.bring_pending = False
            boards = [self.up[s] + self.community for s in range(n)]
            opener = first_to_act(boards, live, low=self._low_first, by_suit=self._by_suit)
        self.open_pair = False
        if self.street == 1 and self._open_pair_rule:
            for s in range(n):
                if live[s]:
                    ranks = [c >> 2 for c in self.up[s]]
                    if len(set(ranks)) < len(ranks):
                        self.open_pair = True
                        break
        need = self.need
        for k in range(n):
            s = (opener + k) % n
            if need[s]:
                self.actor = s
                break
        return True

    # ----------------------------------------------------------------- queries
    def legal_actions(self) -> LegalActions:
        """The actions open to the seat to act (empty when the hand is over).

        FOLD is listed when checking is free too if the table allows it
        (``fold_when_check_free``, Robert's stud rule 9).
        """
        seat = self.actor
        if self.done or seat < 0:
            return LegalActions(-1, (), 0, 0, ())
        if self.extra is not None and self.extra.pending:
            return self.extra.legal()
        owed = min(self.high - self.sbet[seat], self.stacks[seat])
        actions: list[Action] = []
        if self.bring_pending:
            actions.append(Action.BRING_IN)
        elif owed > 0:
            actions += (Action.FOLD, Action.CALL)
        else:
            actions += (Action.FOLD, Action.CHECK) if self._free_fold else (Action.CHECK,)
        kind, sizes, _ = self._aggressive(seat)
        if kind is not None:
            actions.append(kind)
        bring = min(self._bring, self.stacks[seat]) if self.bring_pending else 0
        any_size = not self._limits.fixed
        return LegalActions(seat, tuple(actions), max(owed, 0), bring, sizes, any_size)

    # ----------------------------------------------------------------- actions
    def act(self, action: Action, amount: int | None = None) -> None:
        """Apply ``action`` for the seat to act; ``amount`` is the street total of a
        BET/RAISE/COMPLETE (default: the smallest legal size).

        A bring-in seat with no more chips than the bring-in is all-in whether it
        names BRING_IN or COMPLETE; the others still owe the full bring-in.
        """
        if self.done:
            raise StudActionError("the hand is over")
        if self.extra is not None and self.extra.pending:
            self.extra.act(action, amount)
            return
        seat = self.actor
        stacks, sbet = self.stacks, self.sbet
        owed = self.high - sbet[seat]
        if action is Action.COMPLETE and self.bring_pending and stacks[seat] <= self._bring:
            action, amount = Action.BRING_IN, None  # all-in for the bring-in or less
        if action is Action.FOLD:
            if self.bring_pending:
                raise StudActionError("the bring-in must be posted or completed")
            if owed <= 0 and not self._free_fold:
                raise StudActionError("cannot fold when checking is free (fold_when_check_free)")
            self.live[seat] = False
            self.need[seat] = False
            self.ghost[seat] = owed <= 0  # Robert's stud rule 9: still dealt until a bet
            self.log.append((self.street, seat, action, 0, sbet[seat]))
            if self.live.count(True) == 1:
                self._return_uncalled()
                self._finish()
                return
            self._check_uncapped()
        elif action is Action.CHECK:
            if self.bring_pending:
                raise StudActionError("the bring-in must be posted or completed")
            if owed > 0:
                raise StudActionError(f"cannot check facing a bet: call {owed} or fold")
            self._put(seat, action, 0)
        elif action is Action.CALL:
            if self.bring_pending:
                raise StudActionError("the bring-in must be posted or completed")
            if owed <= 0:
                raise StudActionError("nothing to call: check instead")
            self._put(seat, action, min(owed, stacks[seat]))
        elif action is Action.BRING_IN:
            if not self.bring_pending:
                raise StudActionError("no bring-in is due")
            bring = self._bring
            if amount is not None and amount != bring:
                raise StudActionError(f"the bring-in is {bring}")
            self.bring_pending = False
            self.completion_pending = True
            self.high = bring  # the others owe the full bring-in (Robert's stud rule 4)
            if bring >= self._small:
                # a bring-in of a full bet is the bet (Robert's: a bet and three raises):
                # the next player raises, at every structure; nothing is left to complete
                self.completion_pending = False
                self.level = bring
                self.count = 1
            self._put(seat, action, min(bring, stacks[seat]))
        elif action in _AGGRESSIVE:
            self._aggress(seat, action, amount)
        else:
            raise StudActionError(f"{action!r} is not a player action")
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        n, need = self.n, self.need
        for k in range(1, n + 1):
            s = (seat + k) % n
            if need[s]:
                self.actor = s
                return
        self._return_uncalled()
        self.actor = -1
        self._next_street()

    def _return_uncalled(self) -> None:
        sbet = self.sbet
        top = max(range(self.n), key=sbet.__getitem__)
        second = max(b for s, b in enumerate(sbet) if s != top)
        excess = sbet[top] - second
        if excess > 0:
            sbet[top] -= excess
            self.contrib[top] -= excess
            self.stacks[top] += excess

    def _finish(self) -> None:
        self.done = True
        self.actor = -1
        self.street = min(self.street, self._n_streets - 1)
        n = self.n
        settlement = settle(
            self.variant,
            self.table,
            contrib=self.contrib,
            live=self.live,
            held=[self.down[s] + self.up[s] for s in range(n)],
            community=self.community,
            street=self.street,
            evaluate=None if self.extra is None else self.extra.showdown_values,
        )
        for s in range(n):
            self.stacks[s] += settlement.winnings[s]
        self.settlement = settlement
