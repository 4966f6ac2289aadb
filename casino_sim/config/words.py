"""The operators' words for keys, hands and values, and the one "did you mean" of the loader.

A key or value the loader does not know is compared with the ones it expects
in three steps: the same word written another way (case, ``-`` or spaces for
``_``: ``ace-king``, ``Full House``); a word operators use for it
(:data:`SYNONYMS`: ``pair`` for ``one_pair``, ``AK`` for ``ace_king``,
``quads``, ``ceiling``...); else the closest spelling (``royal_flsh``).

>>> suggest("pair", ["two_pair", "one_pair"]), suggest("AK", ["ace_king", "one_pair"])
('one_pair', 'ace_king')
>>> suggest("ace-king", ["ace_king"]), suggest("pay", ["pays", "ante_pays"])
('ace_king', 'pays')
>>> suggest("AK", ["ace-king"]), suggest("zzz", ["pays"]) is None  # a value choice; no match
('ace-king', True)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

__all__ = ["SYNONYMS", "did_you_mean", "normalized", "suggest"]

SYNONYMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # hands (paytable keys, progressive awards, qualifying hands)
        "royal_flush": ("royal", "rf", "royal_straight_flush"),
        "straight_flush": ("sf", "straight_flushes"),
        "four_of_a_kind": ("quads", "four_kind", "4_of_a_kind", "four_of_kind", "4oak"),
        "full_house": ("boat", "full_boat", "full", "fh"),
        "three_of_a_kind": ("trips", "set", "three_kind", "3_of_a_kind", "three_of_kind", "3oak"),
        "two_pair": ("two_pairs", "2_pair", "2_pairs"),
        "one_pair": ("pair", "a_pair", "1_pair", "pairs"),
        "ace_king": ("ak", "a_k", "ace_king_high", "ak_high", "a_k_high", "ace_high"),
        "high_card": ("no_pair", "nothing", "high"),
        # Caribbean Stud paytable
        "pays": ("paytable", "pay_table", "payouts", "payout", "raise_pays"),
        "ante_pays": ("ante_pay", "ante_payout", "ante"),
        "raise_multiple": ("raise", "raise_size", "raise_bet", "bet_multiple"),
        "dealer_qualifier": ("qualifier", "qualify", "dealer_qualifies", "dealer_qualifying_hand"),
        "max_payout": ("payout_cap", "max_win", "cap", "maximum_payout", "aggregate_limit"),
        # progressive side bet and meters
        "awards": ("award", "paytable", "pays", "payouts"),
        "wager": ("bet", "side_bet", "stake"),
        "contribution_rate": ("contribution", "meter_rate", "contribution_percent", "rate"),
        "reserve_rate": ("reserve", "hidden_meter", "backup_meter", "reserve_percent"),
        "seed": ("reset", "reset_value", "reseed", "seed_value", "base", "starting_value"),
        "meter_cap": ("cap", "ceiling", "meter_ceiling", "max_meter", "meter_max", "meter_limit"),
        "meter_share": ("share", "percent_of_meter", "meter_percent", "meter"),
        "fixed": ("amount", "fixed_award", "prize"),
        "envy_bonuses": ("envy", "envy_bonus", "envy_pays"),
        # stud tables
        "rate": ("percent", "percentage", "rake_rate", "rake_percent"),
        "cap": ("max", "max_rake", "rake_cap", "maximum"),
        "max_raises": ("raises", "raise_cap", "cap_raises"),
        "max_seats": ("seats", "players"),
        "max_players": ("players", "seats"),
        "structure": ("limit", "betting", "betting_structure"),
        "bad_beat": ("bad_beat_jackpot", "bbj", "jackpot"),
        "qualifying_hand": ("qualifier", "qualifies", "minimum_hand"),
    }
)
"""Words operators write for a key or value, by the name the files use (``pair`` for ``one_pair``)."""


def _names_by_word() -> dict[str, tuple[str, ...]]:
    """The reverse of :data:`SYNONYMS`: each operator's word to the names it may mean."""
    names: dict[str, tuple[str, ...]] = {}
    for name, words in SYNONYMS.items():
        for word in words:
            names[word] = (*names.get(word, ()), name)
    return names


_NAMES_BY_WORD = _names_by_word()


def normalized(word: object) -> str:
    """A word compared without case, and with ``-``, spaces and dots read as ``_``.

    >>> normalized("Ace-King"), normalized(" full  house "), normalized("A.K.")
    ('ace_king', 'full_house', 'a_k')
    """
    return re.sub(r"[\s\-.]+", "_", str(word).strip().lower()).strip("_")


def suggest(word: object, choices: Iterable[object]) -> str | None:
    """The choice ``word`` most likely means (another spelling, an operator's word, a typo), or None."""
    by_form = {normalized(c): str(c) for c in choices}
    form = normalized(word)
    if form in by_form:
        return by_form[form]
    for name in _NAMES_BY_WORD.get(form, ()):
        if name in by_form:
            return by_form[name]
    close = difflib.get_close_matches(form, list(by_form), n=1, cutoff=0.6)
    return by_form[close[0]] if close else None


def did_you_mean(word: object, choices: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` for :func:`suggest`'s choice, else an empty string."""
    choice = suggest(word, choices)
    return f" (did you mean {choice!r}?)" if choice is not None else ""
