"""Card parsing and formatting at the boundary."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino_sim.cards import format_cards, parse_cards
from casino_sim.errors import CardError, DuplicateCardError, HandSizeError
from casino_sim.evaluator import evaluate_high, evaluate_low


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("2c", [0]),
        ("2d 2h 2s", [1, 2, 3]),
        ("As,Kd", [51, 45]),
        ("10h th", None),
        ("aS kD", [51, 45]),
    ],
)
def test_parse(text, codes):
    if codes is None:
        with pytest.raises(DuplicateCardError):
            parse_cards(text)
    else:
        assert parse_cards(text).tolist() == codes


@pytest.mark.parametrize(
    ("text", "token"), [("1x", "1x"), ("Kd 7", "7"), ("As Zz", "Zz"), ("Ah Kx", "Kx")]
)
def test_malformed_card_names_the_token(text, token):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert repr(token) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_duplicate_card_is_named():
    with pytest.raises(DuplicateCardError, match="'As'"):
        parse_cards("As As")


@given(st.lists(st.integers(0, 51), unique=True, max_size=52))
def test_format_parse_round_trip(codes):
    assert parse_cards(format_cards(codes)).tolist() == codes


@pytest.mark.parametrize("bad", [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], []])
def test_wrong_hand_sizes_raise(bad):
    with pytest.raises(HandSizeError):
        evaluate_high(np.array(bad, dtype=np.int8))


def test_duplicate_and_out_of_range_cards_in_arrays_raise():
    with pytest.raises(DuplicateCardError, match="'2c'"):
        evaluate_high(np.array([[0, 0, 5, 9, 13]]))
    with pytest.raises(CardError, match="52"):
        evaluate_low(np.array([[1, 2, 3, 4, 52]]))
    with pytest.raises(CardError, match="dtype"):
        evaluate_high(np.array([0.0, 1, 2, 3, 4]))


def test_batches_keep_their_shape():
    hands = np.stack([np.arange(5) + 5 * i for i in range(6)]).reshape(2, 3, 5)
    assert evaluate_high(hands).shape == (2, 3)
