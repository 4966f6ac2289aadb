"""The raising rules of a stud hand: sizes in force, the cap, reopening, short all-ins.

:class:`RaiseRules` is the part of :class:`~casino_sim.games.poker_room.state.StudHand`
that decides what a bet, raise or completion may be and books it, at every
structure (fixed, spread, pot and no limit) and by Robert's Rules in the
all-in corners: the cap lifted with two live players, half-bet reopening per
player, short all-ins that do or do not count as a raise, and "complete the
wager". The hand keeps the state; this class only reads and updates it.
"""

from __future__ import annotations

from casino_sim.config.stud import StudVariant
from casino_sim.config.stud_table import StudTable
from casino_sim.games.poker_room.actions import Action, StudActionError
from casino_sim.games.poker_room.structures import BetLimits

__all__ = ["RaiseRules"]


class RaiseRules:
    """Bet and raise sizes and their booking, for :class:`~.state.StudHand` (the state is its)."""

    __slots__ = (  # the street's raising state, kept here; the rest of the hand's is StudHand's
        "big_used",
        "bring_pending",
        "completion_pending",
        "count",
        "ghost",
        "high",
        "inc",
        "level",
        "uncapped",
    )

    variant: StudVariant
    table: StudTable
    n: int
    street: int
    stacks: list[int]
    sbet: list[int]
    contrib: list[int]
    live: list[bool]
    ghost: list[bool]
    need: list[bool]
    acted: list[bool]
    seen: list[int]
    log: list[tuple[int, int, Action, int, int]]
    high: int
    level: int
    inc: int
    size: int
    count: int
    big_used: bool
    uncapped: bool
    open_pair: bool
    bring_pending: bool
    completion_pending: bool
    _limits: BetLimits
    _small: int
    _big: int
    _bring: int
    _half_bet: bool
    _raise_on_all_in: bool
    _complete_short: bool

    def _increment(self) -> int:
        """The bet or raise size in force: the big bet once one was made, else the street's
        (fixed limit); the street's minimum bet or the largest raise so far (the others)."""
        if not self._limits.fixed:
            return self.inc
        return self._big if self.big_used else self.size

    def _check_uncapped(self) -> None:
        """Lift the cap once at most two players who are not all-in are left before it was
        reached (Robert's: the cap applies while three or more players are not all-in)."""
        if self.uncapped or not self.table.uncapped_heads_up:
            return
        cap = self.table.max_bets
        if cap is not None and self.count >= cap:
            return  # once capped, a fold or an all-in does not uncap the street
        live, stacks = self.live, self.stacks
        if sum(1 for s in range(self.n) if live[s] and stacks[s] > 0) <= 2:
            self.uncapped = True

    def _reopened(self, seat: int) -> bool:
        """May ``seat`` bet or raise: it has not acted since the last full bet or raise,
        or the total it faces since it last acted reaches half a bet (``half-bet``) or a
        full bet (``full-bet``), however many short all-ins made it up."""
        if not self.acted[seat]:
            return True
        faced = self.high - self.seen[seat]
        return (2 * faced if self._half_bet else faced) >= self._increment()

    def _full_sizes(self) -> tuple[Action, tuple[int, ...]]:
        """The aggressive action now and its full "to" sizes (fixed limit; the least
        full amount at the other structures), before any all-in for less."""
        sizes: tuple[int, ...]
        if self.bring_pending or self.completion_pending:
            kind, sizes = Action.COMPLETE, (self._small,)
        elif self.high == 0:
            kind = Action.BET
            sizes = (self._small, self._big) if self.open_pair else (self.size,)
        else:
            kind = Action.RAISE
            # above a short all-in that did not count: complete the wager to the full
            # level (Robert's) or raise a full bet above the all-in
            short = self.high > self.level
            base = self.high if short and not self._complete_short else self.level
            if self.open_pair and not self.big_used:
                sizes = (base + self._small, base + self._big)
            else:
                sizes = (base + self._increment(),)
        return kind, sizes

    def _aggressive(self, seat: int) -> tuple[Action | None, tuple[int, ...], str]:
        """The aggressive action open to ``seat``, its "to" sizes, or why there is none."""
        kind, sizes = self._full_sizes()
        if not self._limits.fixed:
            least = sizes[0]
            most = self._limits.most_to(
                least=least,
                high=self.high,
                mine=self.sbet[seat],
                pot=sum(self.contrib),
                chips=self.stacks[seat] + self.sbet[seat],
            )
            sizes = (min(least, most), most)
        if self.bring_pending and self._limits.fixed and self._bring >= self._small:
            return None, (), "the bring-in is a full bet: post it (nothing to complete)"
        cap = self.table.max_bets
        if cap is not None and self.count >= cap and not self.uncapped:
            return None, (), f"raise cap reached (a bet and {cap - 1} raises)"
        if not self._reopened(seat):
            return None, (), "betting was not reopened: a short all-in is not a full raise"
        if self.stacks[seat] + self.sbet[seat] <= self.high:
            return None, (), "not enough chips to raise: call all-in instead"
        for s in range(self.n):
            if s != seat and self.live[s] and self.stacks[s] + self.sbet[s] > self.high:
                break
        else:
            return None, (), "no opponent has chips left to call a raise"
        return kind, sizes, ""

    def _put(self, seat: int, action: Action, chips: int) -> None:
        self.stacks[seat] -= chips
        self.sbet[seat] += chips
        self.contrib[seat] += chips
        self.need[seat] = False
        self.acted[seat] = True
        self.seen[seat] = self.high
        self.log.append((self.street, seat, action, chips, self.sbet[seat]))
        if self.stacks[seat] == 0:
            self._check_uncapped()

    def _aggress(self, seat: int, action: Action, amount: int | None) -> None:
        kind, sizes, why = self._aggressive(seat)
        if kind is None:
            raise StudActionError(why)
        if action is not kind:
            raise StudActionError(f"{action.name.lower()} is not possible now: {kind.name.lower()}")
        if not self._limits.fixed:
            self._aggress_any(seat, action, sizes, amount)
            return
        street_name = self.variant.streets[self.street].name
        to = sizes[0] if amount is None else amount
        if to not in sizes:
            shown = " or ".join(str(s) for s in sizes)
            raise StudActionError(f"{kind.name.lower()} must be to {shown} on {street_name} street")
        most = self.stacks[seat] + self.sbet[seat]
        actual = to if to <= most else most
        if actual < to and len(sizes) == 2:
            # an all-in on an open pair is judged by its chips, not by the size named
            to = sizes[1] if actual > sizes[0] else sizes[0]
        if len(sizes) == 2 and to == sizes[1]:
            self.big_used = True
        level = self.level
        increment = self._increment()
        full = actual == to
        if full:
            counts = reopen_all = True
            self.level = to
        else:
            # a short all-in counts as a bet or raise at half a bet (or a full bet) over
            # the last full level, short all-ins before it included
            over = actual - level
            counts = (2 * over if self._half_bet else over) >= increment
            reopen_all = False
            if counts:
                self.level = actual if self._raise_on_all_in else to
            counts = counts or not self._half_bet  # full-bet: short all-ins count to the cap
        if self.level > level or full:
            self.completion_pending = False
        self._raised(seat, action, actual, counts=counts, reopen_all=reopen_all)

    def _aggress_any(
        self, seat: int, action: Action, sizes: tuple[int, ...], amount: int | None
    ) -> None:
        """A bet, raise or completion to any amount in ``sizes`` (spread, pot or no limit)."""
        least, most = sizes
        to = least if amount is None else amount
        if not least <= to <= most:
            what, structure = action.name.lower(), self._limits.structure
            raise StudActionError(f"{what} must be to {least}..{most} at {structure}")
        full_to = self._full_sizes()[1][0]
        if to >= full_to:  # a full bet or raise: the next raise must be at least as big
            self.inc = max(self.inc, to - self.high)
            self.level = to
            counts = reopen_all = True
            self.completion_pending = False
        else:  # all-in for less: judged as in fixed limit, against the raise in force
            over = to - self.level
            counts = (2 * over if self._half_bet else over) >= self.inc
            reopen_all = False
            if counts:
                self.level = to
                self.completion_pending = False
            counts = counts or not self._half_bet
        self._raised(seat, action, to, counts=counts, reopen_all=reopen_all)

    def _raised(
        self, seat: int, action: Action, actual: int, *, counts: bool, reopen_all: bool
    ) -> None:
        """Book a bet, raise or completion to ``actual`` and call the others to act."""
        if counts:
            self.count += 1
        self.bring_pending = False
        if True in self.ghost:
            self.ghost = [False] * self.n  # a bet kills the hands folded for free (rule 9)
        if actual > self.high:
            self.high = actual
        live, stacks, need, acted = self.live, self.stacks, self.need, self.acted
        for s in range(self.n):
            if s != seat and live[s] and stacks[s] > 0:
                need[s] = True
                if reopen_all:
                    acted[s] = False
        self._put(seat, action, actual - self.sbet[seat])
