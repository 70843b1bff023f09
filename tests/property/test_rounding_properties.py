"""Printing a number, with Python's decimal module as the oracle: every figure of the card
is printed by ``round_half_up``, and a hand-written card's numbers are read against it."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st

from scoring.card.text import printed_as
from scoring.report import round_half_up

exact_values = st.one_of(
    st.fractions(max_denominator=10**9),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6),
)


def decimal_oracle(value, decimals: int) -> str:
    """The exact value (a float at its binary value) rounded half up by the decimal module,
    at a precision no fraction of these denominators can fool."""
    with localcontext() as context:
        context.prec = 200
        exact = Fraction(value)
        as_decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
        return str(as_decimal.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


@given(exact_values, st.integers(min_value=0, max_value=4))
@example(Fraction(339, 40), 2)  # 8.475 exactly: up
@example(Fraction(-339, 40), 2)  # its negative: away from zero
@example(8.475, 2)  # the double just below 8.475: down
@example(Fraction(-1, 1000), 2)  # a small negative keeps its sign: -0.00
@example(Fraction(5, 2), 0)
def test_round_half_up_is_the_decimal_modules_round_half_up(value, decimals):
    assert round_half_up(value, decimals) == decimal_oracle(value, decimals)


@given(
    st.fractions(max_denominator=10**6),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=-2, max_value=2),
)
def test_printed_as_holds_exactly_for_the_text_the_value_prints_as(value, decimals, off):
    """A percentage text names a fraction when, and only when, that fraction prints as it
    at the text's decimals: the decimal module's text, and its neighbours, with a sign's
    spellings (−, –, +) that the reading ignores."""
    printed = Decimal(decimal_oracle(value * 100, decimals)) + Decimal(off).scaleb(-decimals)
    text = f"{printed:.{decimals}f}" if decimals else f"{printed:.0f}"
    assert printed_as(value, text) == (off == 0)
    if not text.startswith("-"):
        assert printed_as(value, "+" + text) == printed_as(value, text)
    else:
        assert printed_as(value, "−" + text[1:]) == printed_as(value, text)
        assert printed_as(value, "–" + text[1:]) == printed_as(value, text)
