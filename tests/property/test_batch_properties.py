"""How the texts that need the tokeniser are cut into batches for the worker pool."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring.batch import _batches_by_length

lengths = st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=60)


@st.composite
def batching_cases(draw):
    texts = ["ก" * n for n in draw(lengths)]
    indices = draw(st.lists(st.sampled_from(range(len(texts))), unique=True, min_size=1))
    return texts, indices, draw(st.integers(min_value=1, max_value=12))


def lengths_case(lengths: list[int], parts: int):
    return ["ก" * n for n in lengths], list(range(len(lengths))), parts


@settings(max_examples=300)
@given(batching_cases())
# Small totals, where the budget is one character, and sizes that land exactly on it.
@example(lengths_case([1, 1, 1], 12))
@example(lengths_case([3, 3, 3, 1], 3))
@example(lengths_case([3, 3, 3, 3], 2))
@example(lengths_case([4, 4, 1, 1, 1, 1], 3))
def test_batches_are_the_texts_longest_first_cut_at_the_budget(case):
    """Every index once, longest first; a batch is cut as soon as it reaches the budget
    (a whole share of the characters), so only the last can fall short of it."""
    texts, indices, parts = case
    batches = _batches_by_length(texts, indices, parts)
    flat = [i for batch in batches for i in batch]
    # Sorted by length, ties in the order given (a stable sort).
    assert flat == sorted(indices, key=lambda i: -len(texts[i]))
    assert all(batches)
    budget = max(1, sum(len(texts[i]) for i in indices) // parts)
    for number, batch in enumerate(batches, start=1):
        size = sum(len(texts[i]) for i in batch)
        assert size >= budget or number == len(batches)  # full enough to be worth a task,
        assert size - len(texts[batch[-1]]) < budget  # and cut as soon as it is


def test_a_long_recording_gets_a_batch_of_its_own():
    """The one long text is not queued behind short ones: it leads, alone."""
    texts = ["ก" * 5] * 20 + ["ข" * 1000]
    batches = _batches_by_length(texts, list(range(len(texts))), 4)
    assert batches[0] == [20]
    assert sorted(i for batch in batches[1:] for i in batch) == list(range(20))
