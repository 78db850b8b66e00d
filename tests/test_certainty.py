"""The signs of an uncertain reading (drbot/ai/language/certainty.py), run as declared:
every example must be found for the kinds it is declared for, every near-miss not."""

from __future__ import annotations

import pytest

from drbot.ai.language import certainty


@pytest.mark.parametrize(
    "name, kind, text",
    [(d.name, k, e) for d in certainty.DOUBTS for k in sorted(d.kinds) for e in d.examples],
)
def test_a_sign_of_doubt_is_found(name, kind, text):
    assert certainty.doubt(text, kind) is not None, (name, kind, text)


@pytest.mark.parametrize(
    "name, kind, text",
    [(d.name, k, n) for d in certainty.DOUBTS for k in sorted(d.kinds) for n in d.near_misses],
)
def test_a_near_miss_is_no_sign_of_doubt(name, kind, text):
    sign = next(d for d in certainty.DOUBTS if d.name == name)
    assert sign.pattern.search(text) is None, (name, text)
    if kind == "attempt":  # (a try made another way is no doubt of any kind)
        assert certainty.doubt(text, kind) is None, (name, text)


def test_a_change_of_way_leaves_a_skip_as_read():
    # what a change of way says is that a step is dropped: a skip stays certain
    assert certainty.doubt("forget the hall, we'll use the garden instead", "skip") is None
    assert certainty.doubt("forget the hall, we'll use the garden instead", "done") is not None
