"""Finding a plan by the words a person uses for it ("my fence plan")."""

from __future__ import annotations

import difflib
import re

MIN_MATCH = 0.5
_FILLER = {"a", "an", "the", "my", "our", "plan", "plans", "project", "for", "to", "of", "on"}


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.lower()) if w not in _FILLER]


def title_match(query: str, title: str) -> float:
    """How well ``query`` names ``title``: 1 exact, 0 unrelated."""
    query_norm, title_norm = " ".join(query.lower().split()), " ".join(title.lower().split())
    if query_norm == title_norm:
        return 1.0
    query_words, title_words = _words(query), _words(title)
    if not query_words or not title_words:
        return 0.0

    # A word matches when one is a prefix of the other ("fence" / "fencing"
    # share "fenc"): good enough for the few plans one person has.
    def matches(word: str) -> bool:
        return (
            any(
                w.startswith(word[:4]) or word.startswith(w[:4])
                for w in title_words
                if min(len(w), len(word)) >= 3
            )
            or word in title_words
        )

    hits = sum(matches(w) for w in query_words)
    if hits == len(query_words):
        return 0.9
    ratio = difflib.SequenceMatcher(None, " ".join(query_words), " ".join(title_words)).ratio()
    return max(ratio * 0.8, 0.7 * hits / len(query_words))
