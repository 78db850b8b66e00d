"""eval/first_sight.py: a round's first sight becomes the learnt checks' data, once."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from eval import first_sight, first_sight_offers

ROOT = Path(__file__).resolve().parent.parent / "eval"


def case(id_, intent, text, expect, *, effect=(), reply="", world="home", verdict="nothing"):
    return {
        "id": id_,
        "intent": intent,
        "world": world,
        "text": text,
        "expect": expect,
        "reply": reply,
        "question": {"text": reply, "options": []} if reply.endswith("yet.") else None,
        "effect": list(effect),
        "verdict": verdict,
    }


WITHOUT_CHECKS = [
    case(
        "create-1",
        "create",
        "van: fit the racks, service it",
        {"create": {"title_has": ["van"], "steps": 2}},
        effect=[
            "plan_new plan \"Van\" None -> 'Van'",
            "step_new \"Fit the racks\" None -> 'Fit the racks'",
            "step_new \"Service it\" None -> 'Service it'",
        ],
        world="newcomer",
        verdict="correct",
    ),
    case(
        "done-1",
        "done",
        "racks on",
        {"status": {"Fit the racks": "done"}},
        effect=["step_status \"Service the van\" 'pending' -> 'done'"],
        verdict="wrong",
    ),
    case(
        "ambiguous-1",
        "ambiguous",
        "sorted it",
        {"ask": {"options": ["Fit the racks", "Service the van"]}},
        effect=["step_status \"Fit the racks\" 'pending' -> 'done'"],
        verdict="wrong",
    ),
    case(  # no step named by the corpus: not a step choice
        "smalltalk-1",
        "smalltalk",
        "cheers",
        {"none": True},
        effect=["attempt_new \"Fit the racks\" None -> 'cheers'"],
        verdict="wrong",
    ),
]
WITH_CHECKS = [
    case(
        "start-1",
        "start",
        "on the racks now",
        {"status": {"Fit the racks": "in_progress"}},
        reply="Is this about “Fit the racks”? Nothing changed yet.",
    ),
    case(
        "skip-1",
        "skip",
        "no service this year",
        {"status": {"Service the van": "skipped"}},
        reply="Skip “Service the van”? Nothing changed yet.",
    ),
]


@pytest.fixture
def data(tmp_path, monkeypatch):
    for name in ("PLANS", "CHOICES", "MENUS"):
        path = getattr(first_sight, name)
        shutil.copyfile(path, tmp_path / path.name)
        monkeypatch.setattr(first_sight, name, tmp_path / path.name)
    offers = tmp_path / first_sight_offers.OFFERS.name
    shutil.copyfile(first_sight_offers.OFFERS, offers)
    monkeypatch.setattr(first_sight_offers, "OFFERS", offers)
    for folder, cases in (("bare", WITHOUT_CHECKS), ("met", WITH_CHECKS)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "z900.json").write_text(json.dumps(cases), encoding="utf-8")
    return tmp_path


def run(tmp_path):
    first_sight.main(
        ["--checks", str(tmp_path / "met"), "--without-checks", str(tmp_path / "bare"), "z900"]
    )


def added(path: Path, before: list) -> list:
    rows = json.loads(path.read_text(encoding="utf-8"))
    assert rows[: len(before)] == before  # a round adds rows and moves none
    return rows[len(before) :]


def test_a_round_adds_its_plans_choices_menus_and_offers_once(data):
    names = ("first_sight_plans.json", "step_choices.json", "first_sight_menus.json")
    before = {n: json.loads((data / n).read_text(encoding="utf-8")) for n in names}
    offers_before = json.loads((data / "first_sight_offers.json").read_text(encoding="utf-8"))
    run(data)

    (plan,) = added(data / "first_sight_plans.json", before["first_sight_plans.json"])
    assert plan == {
        "set": "z900",
        "id": "create-1",
        "text": "van: fit the racks, service it",
        "title": "Van",
        "steps": ["Fit the racks", "Service it"],
        "wrong": False,
    }
    choices = added(data / "step_choices.json", before["step_choices.json"])
    assert [(c["step"], c["right"], c["seen"]) for c in choices] == [
        ("Service the van", False, "first sight"),
        ("Fit the racks", False, "first sight"),  # an ambiguous message: asking was right
    ]
    (menu,) = added(data / "first_sight_menus.json", before["first_sight_menus.json"])
    assert (menu["kind"], menu["step"], menu["offered"]) == (
        "start",
        "Fit the racks",
        "Fit the racks",
    )
    (offer,) = added(data / "first_sight_offers.json", offers_before)
    assert (offer["offer"], offer["offered"]) == ("skip", "Service the van")

    files = {n: (data / n).read_bytes() for n in (*names, "first_sight_offers.json")}
    run(data)  # the same round again changes nothing
    assert files == {n: (data / n).read_bytes() for n in files}


def test_each_file_keeps_its_layout():
    for name, layout in first_sight.LAYOUT.items():
        text = (ROOT / name).read_text(encoding="utf-8")
        assert layout(json.loads(text)) == text, name
