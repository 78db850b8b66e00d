"""The words of other languages mixed into English (drbot/ai/language/other_tongues.py):
each language's table of phrasings read in English, its near misses left as written, the
English look-alikes that never wake a language, and a message read from its gloss on a real
database with the person's own words kept."""

from __future__ import annotations

import pytest

from drbot.ai.language import other_tongues
from tests.test_offline import STORY_PLAN, outcomes, plan

TABLE = [(t.name, text, held) for t in other_tongues.TONGUES for text, held in t.examples]
NEAR = [(t.name, text) for t in other_tongues.TONGUES for text in t.near_misses]


def test_every_language_declares_three_phrasings_and_two_near_misses():
    for tongue in other_tongues.TONGUES:
        assert len(tongue.examples) >= 3 and len(tongue.near_misses) >= 2, tongue.name


@pytest.mark.parametrize(("name", "text", "held"), TABLE)
def test_a_language_mixed_in_is_read_in_english(name, text, held):
    glossed = other_tongues.gloss(text)
    assert name in glossed.tongues
    assert held in glossed.text.lower(), glossed.text


@pytest.mark.parametrize(("name", "text"), NEAR)
def test_its_near_misses_are_left_as_written(name, text):
    assert name not in other_tongues.gloss(text).tongues


@pytest.mark.parametrize(
    "text",
    [
        "thanks ya, very helpful you are 🙏",  # "ya": English, Singlish, Hindi alike
        "remind me ya, saturday morning",
        "ya know the caterer? she called",
        "the fin on the surfboard snapped",
        "it's a fait accompli, the council decided",
        "walked down the gata behind the station",
        "need more time to begin the tiling",
        "Leo booked the van for the move",
        "na, not doing the hedge this year",
        "sent the PO to the supplier",
        "bought dice and a tack for the noticeboard",
        "the hindi tutor rang back",
        "merci for the help",
        "on a Monday I'll call the bank",
    ],
)
def test_english_look_alikes_wake_no_language(text):
    glossed = other_tongues.gloss(text)
    assert not glossed.changed, glossed.text


def test_the_person_own_words_are_mapped_back_from_the_gloss():
    glossed = other_tongues.gloss("tinawagan ko ulit yung caterer, walang sumasagot 😩")
    assert glossed.text.startswith("called again the caterer, no answer")
    assert glossed.as_written("no answer") == "walang sumasagot"
    assert glossed.as_written("the caterer, no answer") == "yung caterer, walang sumasagot"
    assert glossed.as_written("not in it") == "not in it"


def test_days_and_months_are_read_in_english():
    assert "on 1 december" in other_tongues.gloss("Recuérdame el 1 de diciembre").text.lower()
    assert "tomorrow" in other_tongues.gloss("erinnere mich morgen").text
    assert "saturday" in other_tongues.gloss("ingatkan saya sabtu").text.lower()


def test_kal_is_tomorrow_only_when_the_verb_looks_ahead():
    assert "tomorrow" in other_tongues.gloss("venue kal dekhenge, remind kar dena").text
    assert "tomorrow" not in other_tongues.gloss("kal call kiya tha, uthaya nahi").text


def test_args_are_kept_as_written_only_while_reading_a_gloss():
    glossed = other_tongues.gloss("tinawagan ko yung caterer, walang sumasagot")
    args = {"attempt_outcome": "no answer", "status": "done", "due": "tomorrow"}
    assert other_tongues.args_as_written(args) == args
    with other_tongues.reading(glossed):
        kept = other_tongues.args_as_written(args)
    assert kept == {"attempt_outcome": "walang sumasagot", "status": "done", "due": "tomorrow"}


# -- on a real database -------------------------------------------------------------


@pytest.fixture
async def fence_plan(interpreter, ctx, store):
    answer = await interpreter.handle(STORY_PLAN, ctx)
    assert answer.understood
    return await plan(store, ctx)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("ya contraté al contractor 🙏 una cosa menos", "done"),
        ("tapos na yung hire contractor", "done"),
        ("nimemaliza hire contractor", "done"),
    ],
)
async def test_news_in_another_language_moves_its_step(
    interpreter, ctx, store, fence_plan, text, status
):
    await interpreter.handle(text, ctx)
    steps = (await plan(store, ctx))["steps"]
    assert steps[1]["status"] == status


async def test_an_attempt_keeps_the_person_own_words(interpreter, ctx, store, fence_plan):
    said = "tinawagan ko ulit yung contractor for the hire, walang sumasagot"
    await interpreter.handle(said, ctx)
    steps = (await plan(store, ctx))["steps"]
    tried = [s for s in steps if s["attempts"]]
    assert [s["title"] for s in tried] == ["Hire contractor"]
    assert outcomes(tried[0]) == [said]  # read as "called … no answer", kept as written
