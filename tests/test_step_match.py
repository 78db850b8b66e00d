"""Which step a person's words name (drbot/ai/language/step_match.py): pure functions, no
database. Each rule has examples that must name the step and near-misses that must not."""

from __future__ import annotations

import pytest

from drbot.ai.language import step_match


def _plans(*titles: str, done: tuple[str, ...] = ()) -> list[dict]:
    steps = [
        {"id": i, "position": i, "title": t, "status": "done" if t in done else "pending"}
        for i, t in enumerate(titles, 1)
    ]
    return [{"id": 1, "title": "Plan", "steps": steps}]


def _best(words: str, *titles: str) -> str | None:
    match = step_match.match_step(words, _plans(*titles), 1, open_only=True)
    return match.best.title if match.best else None


@pytest.mark.parametrize(
    "a, b",
    [
        ("appointmnet", "appointment"),
        ("tshirt", "shirt"),
        ("fotos", "photos"),
        ("recieve", "receive"),
    ],
)
def test_a_typo_is_the_same_word(a, b):
    assert step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize(
    "a, b", [("leave", "lease"), ("chase", "case"), ("cancel", "chance"), ("pound", "round")]
)
def test_two_words_sharing_most_letters_are_two_words(a, b):
    assert not step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize(
    "said, written",
    [
        ("calibrando", "calibrar"),  # "to no posto calibrando os pneu" of "Calibrar os pneus"
        ("entrevistando", "entrevistar"),
        ("cosiendo", "coser"),  # "ando cosiendo los bordes" of "Coser los bordes"
        ("contratei", "contratar"),
        ("troquei", "trocar"),
        ("paguei", "pagar"),
        ("pesamos", "pesar"),  # "pesamos los novillos" of "Pesar los novillos"
        ("encargados", "encargar"),
        # the past of "I" in Spanish, with or without its accent (z232, z239)
        ("contraté", "contratar"),
        ("compre", "comprar"),
    ],
)
def test_a_spanish_or_portuguese_verb_meets_its_infinitive(said, written):
    assert step_match.same_word(step_match.stem(said), step_match.stem(written))
    assert _best(f"{said} os pneus", f"{written.capitalize()} os pneus", "Lavar a moto") == (
        f"{written.capitalize()} os pneus"
    )


@pytest.mark.parametrize(
    "said, written",
    [
        ("order", "ordain"),
        ("paga", "pagar"),
        ("pagou", "pagar"),
        ("posto", "postar"),
        ("dar", "dando"),
        # an English word of a root and an "e" beside one of "-er" or "-ar": a short root, or
        # no verb of "-ar"
        ("time", "timer"),
        ("sole", "solar"),
        ("cove", "cover"),
        ("pague", "pagar"),
    ],
)
def test_only_a_verbs_own_endings_meet_an_infinitive(said, written):
    assert not step_match.same_word(step_match.stem(said), step_match.stem(written))


@pytest.mark.parametrize(
    "words, step",
    [
        ("mucked out the shed", "Clean out the lambing shed"),
        ("picked up the dowels", "Pick up the dowels"),
        ("cleared out the loft", "Clear out the loft"),
    ],
)
def test_a_verbs_small_word_goes_with_its_verb(words, step):
    assert _best(words, step, "Order the fondant") == step


@pytest.mark.parametrize(
    "words",
    [
        "tried the merchant for fondant, sold out",
        "fondant sold out everywhere",
        "signed off the fondant order",
    ],
)
def test_a_verbs_small_word_is_no_thing_of_a_step(words):
    only = step_match.by_unique_thing(words, _plans("Clean out the shed", "Order the fondant"), 1)
    assert only is not None and only.title == "Order the fondant"


@pytest.mark.parametrize(
    "words, step",
    [
        ("the video ident", "Do the video ID"),
        ("picked up my meds from boots", "Collect prescription"),
        ("rang the insurance", "Ring the insurer"),
    ],
)
def test_a_step_named_by_a_synonym(words, step):
    assert _best(words, step, "Order the fondant") == step


@pytest.mark.parametrize(
    "words, step, other",
    [
        ("tried to register for the 10km, site down", "Sign up for the 10km", "Sign the form"),
        ("signed up for the shop account", "Register the shop account", "Sign contract"),
        ("signing up for the 10km", "Register for the 10km", "Sign the form"),
    ],
)
def test_signing_up_is_registering(words, step, other):
    assert _best(words, step, other) == step


@pytest.mark.parametrize(
    "said",
    [
        "put the sign up sheet on the fridge",
        "signed the form",
        "Put the signs up",  # a sign put up
        "get the sign up by the gate",
    ],
)
def test_a_sign_up_sheet_or_a_signature_is_no_registering(said):
    assert "register" not in step_match.content_stems(said)


@pytest.mark.parametrize(
    "said, written",
    [
        ("rads", "radiators"),
        ("miler", "mile"),
        ("zertifikat", "certificate"),
        ("ident", "ID"),
        ("tayar", "tyres"),
    ],
)
def test_a_synonym_is_one_word(said, written):
    assert step_match.stem(said) == step_match.stem(written)


@pytest.mark.parametrize(
    "action, title, own",
    [
        ("hefted them both", "Heft the hives", True),
        ("shed's mucked out", "Clean out the shed", True),
        ("sorted the hives", "Heft the hives", False),
        ("got the hives", "Get the hives", False),  # a light verb is nobody's own
    ],
)
def test_a_steps_own_verb(action, title, own):
    assert step_match.own_verb(action, title) is own


@pytest.mark.parametrize(
    "said, written",
    [
        ("bled", "bleed"),
        ("bleeding", "bleed"),
        ("fed", "feeds"),
        ("dug", "digging"),
        ("came", "come"),
    ],
)
def test_irregular_past_tenses_and_eed_words_meet_their_verb(said, written):
    assert step_match.stem(said) == step_match.stem(written)


def _world(**plans: list[str]) -> list[dict]:
    out, n = [], 0
    for pid, (title, steps) in enumerate(plans.items(), 1):
        rows = []
        for pos, step in enumerate(steps, 1):
            n += 1
            rows.append({"id": n, "position": pos, "title": step, "status": "pending"})
        out.append({"id": pid, "title": title.replace("_", " "), "steps": rows})
    return out


LANDLORD = _world(
    Flat_2_turnover=["Book the gas safety check", "List the flat"],
    Flat_5_turnover=["Book the gas safety check", "Replace the carpet", "List the flat"],
)
VAN = _world(
    Fix_the_van=["Get quotes", "Book the van in"],
    Kitchen=["Get quotes", "Order the worktop"],
)
DAMAGE = _world(
    Leak_in_the_bathroom_ceiling=["Ring the insurer", "Replaster the ceiling"],
    Scraped_the_car=["Ring the insurer", "Get a bodyshop quote"],
)


@pytest.mark.parametrize(
    "world, words, plan, step",
    [
        (
            LANDLORD,
            "booked the gas check for flat 2, engineer coming on the 3rd",
            1,
            "Book the gas safety check",
        ),
        (
            LANDLORD,
            "tried 2 carpet shops for flat 5, nobody can fit till january",
            2,
            "Replace the carpet",
        ),
        (VAN, "rang 3 garages for quotes on the van", 1, "Get quotes"),
        (DAMAGE, "not bothering with insurance for the car scrape", 2, "Ring the insurer"),
    ],
)
def test_words_naming_a_plan_say_which_plan_then_the_rest_which_step(world, words, plan, step):
    match = step_match.match_step(words, world, None, open_only=True)
    assert match.best is not None, match.close
    assert (match.best.plan_id, match.best.title) == (plan, step)


@pytest.mark.parametrize(
    "world, words",
    [
        (LANDLORD, "booked the gas check"),  # no plan named: still asked
        (VAN, "got quotes"),
        (
            _world(
                Sleep_study=[
                    "Pick up the home monitor",
                    "Fill in the sleep diary",
                    "Return the monitor",
                ]
            ),
            "on my way to the sleep lab to grab the monitor now",  # the verb decides: asked
        ),
    ],
)
def test_plan_words_that_do_not_settle_it_leave_a_question(world, words):
    match = step_match.match_step(words, world, None, open_only=True)
    assert match.best is None and match.ambiguous


@pytest.mark.parametrize(
    "a, b", [("paper", "newspaper"), ("board", "cupboard"), ("shirt", "tshirts")]
)
def test_a_word_is_the_end_of_its_compound(a, b):
    assert step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize("a, b", [("light", "flight"), ("range", "orange"), ("hive", "archive")])
def test_a_word_a_letter_or_two_inside_another_is_not_its_compound(a, b):
    assert not step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize(
    "words, step",
    [
        ("on my way to pets at home for the crate n bed", "Buy a crate and bed"),
        ("picking up the paint and brushes at home base now", "Get paint and brushes"),
    ],
)
def test_the_step_whose_every_thing_is_named_wins_a_tie(words, step):
    world = _world(Adopt=["Have the home check", step])
    match = step_match.match_step(words, world, 1, open_only=True)
    assert match.best is not None and match.best.title == step


def test_two_whole_titles_or_a_title_of_one_thing_pick_nothing():
    [plan] = _world(Adopt=["Check the home and garden", "Buy a crate and bed", "Buy the lead"])
    both, crate, lead = (step_match.Candidate.of(plan, s, 0.5, True) for s in plan["steps"])
    assert step_match.by_whole_title("crate, bed, home and garden", [both, crate]) is None
    assert step_match.by_whole_title("the lead for the home", [lead, both]) is None


@pytest.mark.parametrize(
    "words, written",
    [
        # the step found by whom it is for, another by the thing said: asked
        ("ah boy shoes settle", None),
        # near misses: the thing of the named one said too, or no other step's thing said
        ("ah boy tuition settle", "Register Ah Boy for tuition"),
        ("ah boy settle already", "Register Ah Boy for tuition"),
        ("registered ah boy, shoes next", "Register Ah Boy for tuition"),
    ],
)
def test_a_step_found_by_a_name_alone_is_asked_beside_one_whose_thing_is_said(words, written):
    world = _world(Kids=["Buy school shoes", "Buy workbooks", "Register Ah Boy for tuition"])
    match = step_match.match_step(words, world, 1, open_only=True, same_action=True)
    if written is None:
        assert match.best is None and {c.title for c in match.close} == {
            "Buy school shoes",
            "Register Ah Boy for tuition",
        }
    else:
        assert match.best is not None and match.best.title == written


def test_a_title_said_whole_verb_and_thing_is_a_rival_of_one_whose_things_are_named():
    # "tacho" and "app" name every thing of the application step, "pay … fee" the whole of
    # the other: no step wins by its things alone (a near miss: the verb not said)
    [plan] = _world(Card=["Fill in the tacho application", "Pay the fee"])
    form, fee = (step_match.Candidate.of(plan, s, 0.7, True) for s in plan["steps"])
    assert step_match.by_whole_title("tried to pay tacho card fee bank app", [fee, form]) is None
    told = step_match.by_whole_title("tacho card fee bank app", [fee, form])
    assert told is not None and told.title == "Fill in the tacho application"


@pytest.mark.parametrize(
    "words", ["Got the six sets from the charity shop", "picked up six sets at the market"]
)
def test_getting_a_thing_only_one_step_has_is_buying_it(words):
    only = step_match.by_unique_thing(
        words, _world(Chess=["Buy six chess sets", "Book the hall"]), 1, same_action=True
    )
    assert only is not None and only.title == "Buy six chess sets"


def test_another_action_on_a_thing_only_one_step_has_is_not_that_step():
    world = _world(Van=["Book the van", "Pay the deposit"])
    assert step_match.by_unique_thing("got a quote for the van", world, 1, same_action=True) is None


@pytest.mark.parametrize(
    "words",
    ["deposit paid ✅", "paid the deposit finally", "deposit's been paid"],
)
def test_a_twin_in_another_plan_is_asked_however_much_more_of_one_title_is_named(words):
    """ "deposit paid" names all of "Pay the deposit" and the deposit of the wedding's "Pay
    venue deposit": the same action on every thing said, so which one is asked."""
    world = _world(Move_flat=["Pay the deposit", "Hire a mover"], Wedding=["Pay venue deposit"])
    match = step_match.match_step(words, world, None, open_only=True, same_action=True)
    assert match.best is None and {c.title for c in match.close} == {
        "Pay the deposit",
        "Pay venue deposit",
    }


@pytest.mark.parametrize(
    "words, step",
    [
        ("paid the venue deposit", "Pay venue deposit"),  # a thing only one has
        ("deposit paid", "Pay the deposit"),  # the twin is in the same plan
    ],
)
def test_a_twin_named_apart_or_in_the_same_plan_is_no_question(words, step):
    world = _world(Wedding=["Pay the deposit", "Pay venue deposit"], Move=["Hire a mover"])
    if step == "Pay venue deposit":
        world = _world(Move=["Pay the deposit"], Wedding=["Pay venue deposit"])
    match = step_match.match_step(words, world, 1, open_only=True, same_action=True)
    assert match.best is not None and match.best.title == step


@pytest.mark.parametrize(
    "words",
    [
        "tried on the passport seva site, no slots",
        "passport office website is down again",
        "rang about the passport, on hold forever",
    ],
)
def test_a_thing_that_names_its_own_plan_names_no_one_step(words):
    """ "passport" in plan "Aarav's passport" is every step's, not the one whose title
    happens to hold it too."""
    world = _world(
        Aaravs_passport=[
            "Get birth certificate copy",
            "Book PSK appointment",
            "Get passport photos",
        ]
    )
    assert step_match.by_unique_thing(words, world, 1, open_only=True) is None


@pytest.mark.parametrize(
    "words, step",
    [
        ("got the photos printed", "Get passport photos"),
        ("birth certificate copy arrived", "Get birth certificate copy"),
    ],
)
def test_a_thing_of_the_step_alone_still_names_it(words, step):
    world = _world(
        Aaravs_passport=[
            "Get birth certificate copy",
            "Book PSK appointment",
            "Get passport photos",
        ]
    )
    only = step_match.by_unique_thing(words, world, 1, open_only=True)
    assert only is not None and only.title == step


@pytest.mark.parametrize(
    "action, title",
    [
        ("cv's updated", "Update CV"),
        ("saved the draft", "Save the draft"),
        ("moved it", "Move the bed"),
    ],
)
def test_the_steps_own_verb_whose_e_the_tense_dropped(action, title):
    assert step_match.own_verb(action, title)


@pytest.mark.parametrize(
    "action, title", [("got the cv", "Update CV"), ("updated the cv", "Send CV")]
)
def test_another_verb_is_not_the_steps_own(action, title):
    assert not step_match.own_verb(action, title)


@pytest.mark.parametrize(
    "action, title",
    [
        ("registered for the 10k run in march", "Register the microchip"),
        ("painted the shed door", "Paint the fence"),
        ("varnished my nails tonight", "Varnish the doors"),
    ],
)
def test_the_steps_verb_on_another_thing(action, title):
    assert step_match.verb_on_another_thing(action, title)


@pytest.mark.parametrize(
    "action, title, plan_title",
    [
        ("registered the microchip", "Register the microchip", ""),
        ("applied today 🙌 fingers crossed", "Apply at Countdown", ""),
        ("collected the printing from the shop", "Print the posters", ""),
        ("costings done for all the cakes", "Cost out the recipes", "Start the cake business"),
        ("booked a table", "Book the van", ""),  # a verb every plan has: the score's job
    ],
)
def test_the_steps_verb_on_its_own_thing_or_none(action, title, plan_title):
    assert not step_match.verb_on_another_thing(action, title, plan_title)


@pytest.mark.parametrize(
    "words", ["booked in with Dr Patel", "doctor's appointment booked", "booked the doc for monday"]
)
def test_a_doctor_by_any_name_is_the_gp(words):
    world = _world(Dad=["Book Dad's GP appointment", "Sort his pills"], Me=["Book my GP check-up"])
    match = step_match.match_step(words, world, None, open_only=True, same_action=True)
    assert match.best is None and len(match.close) == 2


@pytest.mark.parametrize("words", ["watched doctor who last night", "caught up on dr who"])
def test_a_doctor_named_with_more_is_that_step_not_the_gp(words):
    world = _world(Dad=["Book Dad's GP appointment"], Me=["Watch Doctor Who"])
    match = step_match.match_step(words, world, None, open_only=True)
    assert match.best is not None and match.best.title == "Watch Doctor Who"


@pytest.mark.parametrize(
    "words, step",
    [
        ("began the ds160", "Fill DS-160"),
        ("sent off the p60 copy", "Send the P-60 copy"),
        ("form i130 posted", "Post form I-130"),
    ],
)
def test_a_code_spelt_with_or_without_its_hyphen_is_one_word(words, step):
    world = _world(Move=["Fill DS-160", "Send the P-60 copy", "Post form I-130", "Sell the couch"])
    match = step_match.match_step(words, world, 1)
    assert match.best is not None and match.best.title == step


@pytest.mark.parametrize(
    "words, stems",
    [
        ("a follow-up call", ["follow", "up", "call"]),
        ("sister-in-law came", ["sister", "law", "come"]),
    ],
)
def test_a_hyphen_between_words_still_parts_them(words, stems):
    assert step_match.content_stems(words) == stems


@pytest.mark.parametrize(
    "a, b",
    [
        ("assessor", "assessment"),
        ("reflections", "reflective"),
        ("finances", "financial"),
        ("inspector", "inspection"),
        ("collection", "collect"),
    ],
)
def test_a_noun_or_adjective_made_of_a_word_is_that_word(a, b):
    assert step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize(
    "a, b",
    [
        ("international", "internet"),
        ("general", "generation"),
        ("station", "state"),
        ("motor", "motion"),
        ("rental", "rent"),
    ],
)
def test_words_sharing_a_short_root_stay_two_words(a, b):
    assert not step_match.same_word(step_match.stem(a), step_match.stem(b))


def test_an_attempt_about_the_finances_is_the_financial_assessments():
    plans = [
        {
            "id": 1,
            "title": "Mum's move",
            "steps": [
                {"id": 1, "position": 1, "title": "Visit the care home", "status": "done"},
                {
                    "id": 2,
                    "position": 2,
                    "title": "Ask the council for a financial assessment",
                    "status": "pending",
                },
                {
                    "id": 3,
                    "position": 3,
                    "title": "Register the power of attorney",
                    "status": "pending",
                },
            ],
        }
    ]
    found = step_match.match_step(
        "rang the council about mum's finances, the assessor is off", plans, 1
    )
    assert found.best is not None and found.best.step_id == 2


@pytest.mark.parametrize(
    "words, title",
    [
        ("push the TB stuff to next monday", "TB test and titers"),
        ("started on the R stuff tonight", "Run the stats in R"),
        ("the CA has the papers", "Send the invoices to the CA"),
    ],
)
def test_a_short_name_typed_in_capitals_is_a_thing(words, title):
    world = _world(
        Work=["TB test and titers", "Run the stats in R", "Send the invoices to the CA"],
        Home=["Buy a rug", "Paint the hall"],
    )
    only = step_match.by_unique_thing(words, world, 1)
    assert only is not None and only.title == title


@pytest.mark.parametrize(
    "words", ["I am on it, a tb of work", "PUSH THE TB STUFF", "a quick r and r weekend"]
)
def test_small_words_or_a_message_in_capitals_name_no_short_thing(words):
    world = _world(Work=["TB test and titers", "Run the stats in R"], Home=["Buy a rug"])
    assert step_match.by_unique_thing(words, world, 1) is None


@pytest.mark.parametrize(
    "words, title",
    [
        ("fired off an email to Jo, no reply yet", "Get a reference from Jo"),
        ("a quick chat with Ed about it", "Ask Ed for the ladder"),
    ],
)
def test_a_name_of_two_letters_is_a_thing(words, title):
    world = _world(Home=["Get a reference from Jo", "Ask Ed for the ladder", "Buy a rug"])
    only = step_match.by_unique_thing(words, world, 1)
    assert only is not None and only.title == title


@pytest.mark.parametrize("words", ["we went. No luck", "tried again. So annoying", "Ok done"])
def test_a_small_word_starting_a_sentence_is_no_name(words):
    world = _world(Home=["Say no to the committee", "Fix the ok button", "Buy a rug"])
    assert step_match.by_unique_thing(words, world, 1) is None


@pytest.mark.parametrize(
    "words, title",
    [
        ("filled out the whole 765 thing", "Fill out I-765"),
        ("the 160 is in", "Submit the DS-160"),
        ("sparky's booked for monday", "Book an electrician"),
        ("no need for refs", "Check references"),
        ("login bug squashed", "Fix the login bug"),
        ("solved the dripping tap", "Fix the dripping tap"),
        ("no presents for the children", "Buy gifts for the kids"),
    ],
)
def test_a_form_by_its_number_a_trade_by_its_nickname_a_word_by_its_kin(words, title):
    assert _best(words, title, "Pay the council tax") == title


@pytest.mark.parametrize(
    "words, title",
    [
        ("filled out the 766 thing", "Fill out I-765"),
        ("paid the 12 quid", "Pay the I12 fee"),
        ("presented the slides", "Buy gifts for the kids"),
    ],
)
def test_another_number_or_another_word_names_no_step(words, title):
    assert _best(words, title, "Pay the council tax") is None


def test_things_a_try_has_met_before_are_its_logged_things():
    logged = "emailed Brightwave again re invoice 112, no reply"
    said = "sent brightwave a 3rd reminder about 112. nothing back. again."
    assert step_match.logged_things(said, "Chase unpaid invoices", logged) == ["112", "brightwave"]
    # words of trying and its answer are in every log: no thing of one step
    assert step_match.logged_things("emailed them again, no reply", "Chase", logged) == []
    # a thing of the step's own title is its title's, not its log's
    assert step_match.logged_things("invoice 112", "Chase invoice 112", logged) == []


@pytest.mark.parametrize(
    "title, choosing",
    [
        ("Pick payroll software", True),
        ("Decide who gets the jewellery", True),
        ("Choose an email provider", True),
        ("Book the payroll training", False),
        ("Pickle the onions", False),
    ],
)
def test_a_step_of_choosing(title, choosing):
    assert step_match.is_choosing(title) is choosing


@pytest.mark.parametrize(
    "words, title",
    [
        ("GROUT FINISHED", "Regrout the tiles"),
        ("painted the front door", "Repaint the front door"),
        ("plastering's done", "Replaster the hall ceiling"),
    ],
)
def test_a_job_done_again_is_the_job_said_plainly(words, title):
    assert _best(words, title, "Pay the council tax") == title


@pytest.mark.parametrize(
    "words, title",
    [
        ("rang the jet boat place", "Replace the rotten board"),
        ("signed the lease", "Resign from the committee"),
        ("the lease is up", "Release the deposit"),
    ],
)
def test_another_word_under_re_is_another_word(words, title):
    assert _best(words, title, "Pay the council tax") is None


@pytest.mark.parametrize(
    "words, titles",
    [
        ("insurance is sorted", ("Sort the van insurance", "Renew the home insurance")),
        ("the permit is sorted now", ("Sort the parking permit", "Apply for the fishing permit")),
        ("tickets all sorted", ("Sort the train tickets", "Collect the concert tickets")),
    ],
)
def test_a_thing_two_steps_share_with_only_a_light_verb_between_them_is_asked(words, titles):
    """No thing of the message tells the steps apart and the lead is only a light verb
    ("sorted" of "Sort …"), within the declared margin: a question, never a pick."""
    match = step_match.match_step(words, _plans(*titles), 1, open_only=True)
    assert match.best is None and {c.title for c in match.close} == set(titles)


@pytest.mark.parametrize(
    "words, titles, step",
    [
        # a thing only one step has tells them apart
        (
            "the fishing permit is sorted now",
            ("Sort the parking permit", "Apply for the fishing permit"),
            "Apply for the fishing permit",
        ),
        (
            "train tickets sorted",
            ("Sort the train tickets", "Collect the concert tickets"),
            "Sort the train tickets",
        ),
        # the steps share only a filler word ("the"), nothing of the message
        (
            "got the car serviced",
            ("Get the car serviced", "Get the passport renewed"),
            "Get the car serviced",
        ),
    ],
)
def test_a_thing_only_one_step_has_chooses_it(words, titles, step):
    assert _best(words, *titles) == step


# A step named by another word for its thing (drbot/ai/language/thing_words.py): a weaker
# link than the title's own words, found only when no step names the thing itself.
THINGS = (
    "Get a quote from the plumber",
    "Set up wifi",
    "Do the seating plan",
    "Wash the mould off the wall",
    "Take the passport photos",
    "Book the appointment",
    "Fill in the volunteer form",
    "Service the car",
)


def _kin_of(words: str, *titles: str) -> list[str]:
    found = step_match.by_thing_family(words, _plans(*titles), 1, open_only=True)
    return [c.title for c in found]


@pytest.mark.parametrize(
    "words, title",
    [
        # what a job will cost
        ("Declan came back with a price, 280 for the lot", "Get a quote from the plumber"),
        ("he did a costing over the phone", "Get a quote from the plumber"),
        ("got a figure off him at last, steep", "Get a quote from the plumber"),
        # the connection at home
        ("the lad is setting up the router now", "Set up wifi"),
        ("broadband's live at last", "Set up wifi"),
        ("internet man came and went, all working", "Set up wifi"),
        # the table plan of a do
        ("halfway through the table plan", "Do the seating plan"),
        ("table plan is finished, nobody fights", "Do the seating plan"),
        ("started on the table plan with mam", "Do the seating plan"),
        # mould by what people call it
        ("scrubbing the black stuff off with bleach", "Wash the mould off the wall"),
        ("got the mold off in the end", "Wash the mould off the wall"),
        ("the black stuff is gone", "Wash the mould off the wall"),
        # pictures
        ("headshots done at the chemist", "Take the passport photos"),
        ("snaps taken, both of us blinking", "Take the passport photos"),
        ("the headshots came out grand", "Take the passport photos"),
        # a time booked
        ("got a slot for the 3rd", "Book the appointment"),
        ("booking's in for Tuesday", "Book the appointment"),
        ("grabbed a slot on the portal", "Book the appointment"),
        # a form
        ("filling up the shelter application now", "Fill in the volunteer form"),
        ("paperwork's in the post", "Fill in the volunteer form"),
        ("application sent off this morning", "Fill in the volunteer form"),
        # the person's own vehicle
        ("the ute's back from the garage", "Service the car"),
        ("motor's booked in for Friday", "Service the car"),
        ("dropped the vehicle at kevs", "Service the car"),
    ],
)
def test_a_step_named_by_another_word_for_its_thing(words, title):
    assert _kin_of(words, *THINGS) == [title]


@pytest.mark.parametrize(
    "words, titles",
    [
        # the price changed: news of prices, not of getting one
        ("the price went up again", THINGS),
        ("prices have doubled since summer", THINGS),
        # a word of the family in another sense: "figures" of the accounts is no quote
        ("sent the figures over", ("Get a quote from the plumber", "Send the books to Raj")),
    ],
)
def test_another_word_for_a_thing_that_names_no_step(words, titles):
    assert _kin_of(words, *titles) == []


def test_a_family_word_that_names_the_plan_names_no_step_of_it():
    """ "the ute" of plan "Sell the car" is the whole plan, not its step "Photograph the car"."""
    steps = [
        {"id": 1, "position": 1, "title": "Photograph the car", "status": "pending"},
        {"id": 2, "position": 2, "title": "List it online", "status": "pending"},
    ]
    plans = [{"id": 1, "title": "Sell the car", "steps": steps}]
    assert step_match.by_thing_family("the ute is gleaming", plans, 1) == []
    plans[0]["title"] = "Clear out the shed"  # the same step in another plan is named
    assert [c.title for c in step_match.by_thing_family("the ute is gleaming", plans, 1)] == [
        "Photograph the car"
    ]


def test_a_thing_word_tells_apart_the_steps_its_own_words_name():
    """ "wall" names two steps; the family word ("black stuff" for mould) tells which."""
    titles = ("Wash the mould off the wall", "Move the beds away from the wall", "Set up wifi")
    assert _kin_of("scrubbing the black stuff off the wall", *titles) == [titles[0]]
    assert _kin_of("the router is behind the wall", *titles) == []  # wall's steps: no wifi


def test_a_family_word_two_steps_share_names_both():
    """Two open steps with the thing: both are found, so the person is asked which."""
    titles = ("Get a quote from the plumber", "Get roof quotes", "Set up wifi")
    assert _kin_of("the lad gave me a price", *titles) == [
        "Get a quote from the plumber",
        "Get roof quotes",
    ]


def test_a_step_named_by_its_own_word_is_never_outbid_but_asked_beside():
    """The family word names another step than the one named by its own word: both are
    found, the one named by its own word first, so the person is asked which."""
    assert _kin_of("passport photos done, a price for the boiler next", *THINGS) == [
        "Take the passport photos",
        "Get a quote from the plumber",
    ]
    titles = ("Ring Meridian about invoice 114", "Send final notice to Lotte Studio")
    assert _kin_of("chaser for the invoice went out", *titles) == list(titles)
    assert _kin_of("booked a check-up for the 9th", "Book the follow-up", "Book the MRI") == [
        "Book the follow-up"
    ]


@pytest.mark.parametrize(
    "words, title",
    [
        # another word for the thing that is not the same thing: offered, never matched
        ("got an estimate off the roofer", "Get a quote for the roof"),
        ("booked the hall for the 12th", "Book the venue"),
        ("the estimates are in", "Get quotes"),
    ],
)
def test_a_nickname_or_a_kindred_word_only_offers_its_step(words, title):
    assert _best(words, title, "Pay the council tax") is None
    offered = step_match.by_thing_family(words, _plans(title, "Pay the council tax"), 1)
    assert [c.title for c in offered] == [title]


@pytest.mark.parametrize(
    "words, title",
    [
        # near misses: a real abbreviation or a nickname is the word itself
        ("appt booked for tuesday", "Book the dentist appointment"),
        ("got the pics done at boots", "Get passport photos"),
        ("sparky's booked for monday", "Book an electrician"),
    ],
)
def test_an_abbreviation_still_names_its_step(words, title):
    assert _best(words, title, "Pay the council tax") == title


def _two_plans(step: str, plan: str, other: str) -> tuple[step_match.Candidate, list[dict]]:
    mine = {"id": 1, "title": plan, "status": "active"}
    mine["steps"] = [{"id": 1, "position": 1, "title": step, "status": "pending"}]
    theirs = {"id": 2, "title": other, "status": "active"}
    theirs["steps"] = [{"id": 2, "position": 1, "title": "Call them", "status": "pending"}]
    plans = [mine, theirs]
    return step_match.Candidate.of(plans[0], mine["steps"][0], 0.5, True), plans


@pytest.mark.parametrize(
    ("words", "step", "plan", "other"),
    [
        # the other plan's name said, nothing of the step's own: its step may be meant
        (
            "went to Khorak for anar and hendune, all sold out, yalda rush already",
            "Book a moving truck",
            "Move to the new place",
            "Yalda night party",
        ),
    ],
)
def test_news_naming_another_plan_and_nothing_of_its_step(words, step, plan, other):
    candidate, plans = _two_plans(step, plan, other)
    assert step_match.another_plans_name(words, candidate, plans)


@pytest.mark.parametrize(
    ("words", "step", "plan", "other"),
    [
        # a thing of the step's own named too: news of it, the other plan only in passing
        (
            "the dispute's gone in with the TDS as of last night, so it's their problem now. "
            "new flat's lovely btw",
            "Raise a dispute with the TDS",
            "Get my deposit back",
            "Sort the new flat's broadband",
        ),
        (
            "tiers are in the oven as we speak",
            "Bake the tiers",
            "Wedding cake",
            "Get the oven fixed",
        ),
        (
            "christmas shopping for the bimbi has begun, got the lego for Luca, still need "
            "something for Sofia",
            "Buy Luca new football boots",
            "School stuff",
            "Sofia dentist",
        ),
        # the other plan's word is the step's own too
        ("booked the van for the move", "Book the van", "Move house", "Van service"),
    ],
)
def test_news_of_its_step_with_another_plan_named_in_passing(words, step, plan, other):
    candidate, plans = _two_plans(step, plan, other)
    assert not step_match.another_plans_name(words, candidate, plans)


@pytest.mark.parametrize(
    ("said", "stems"),
    [
        ("Rinnovare l'assicurazione", ["rinnovare", "assicurazione"]),
        ("chiamare dall'ufficio", ["chiamare", "ufficio"]),
        ("carte d'identité", ["carte", "identite"]),
        # English words with an apostrophe of their own stay whole
        ("o'clock y'all", ["o'clock", "y'all"]),
    ],
)
def test_an_elided_article_is_no_part_of_the_word(said, stems):
    assert step_match.content_stems(said) == stems


def test_a_step_with_an_elided_article_is_named_by_its_noun_alone():
    assert step_match.score(
        step_match.content_stems("assicurazione stasera"), "Rinnovare l'assicurazione"
    ) > step_match.score(step_match.content_stems("assicurazione stasera"), "Pagare il gas")


# -- a step's place passed on the way (only_its_place_passed) ---------------------------------


@pytest.mark.parametrize(
    ("words", "title"),
    [
        (
            "gata!!! am luat biletele 🙏 wizz from bologna to iasi on 19 dec, back on 8 ianuarie",
            "Go to the consulate in Bologna",
        ),
        (
            "ke klinik deket satpas buat tes kesehatan, closed, ada tulisan libur",
            "Pick up the SIM at Satpas",
        ),
        ("the clinic near satpas was closed", "Pick up the SIM at Satpas"),
    ],
)
def test_a_steps_place_named_only_as_passed(words, title):
    assert step_match.only_its_place_passed(words, title)


@pytest.mark.parametrize(
    ("words", "title"),
    [
        # the place gone to
        ("went back to IOM today, they said my xray needs repeating", "TB test at IOM"),
        ("came back from the gemeente, all done", "Register at the gemeente"),
        ("home from satpas, all sorted", "Pick up the SIM at Satpas"),
        # another word of the step named too
        (
            "drove back from bologna after the consulate, passport renewed",
            "Go to the consulate in Bologna",
        ),
        # the words after "from" are no place of the title
        ("got the letter from the council", "Get a letter at the council"),
        ("flights from bologna booked", "Buy plane tickets"),
    ],
)
def test_a_steps_place_gone_to_or_beside_its_things(words, title):
    assert not step_match.only_its_place_passed(words, title)


# -- someone asked to do a job: the step seeking its doer (finding_the_doer) ------------------


def _one_plan(*titles: str) -> list[dict]:
    steps = [
        {"id": n, "position": n, "title": title, "status": "pending"}
        for n, title in enumerate(titles, 1)
    ]
    return [{"id": 1, "title": "Jobs", "status": "active", "steps": steps}]


@pytest.mark.parametrize(
    ("words", "titles", "sought"),
    [
        (
            "lilia asked mos Ion about the roof, he is in hospital with his leg, cant do it",
            ("Find a roofer in the village", "Put the new roof on"),
            "Find a roofer in the village",
        ),
        (
            "asked my nephew to help saturday, he has work",
            ("Hire a helper", "Buy the brisket"),
            "Hire a helper",
        ),
        (
            "asked my sister to clean on friday, she can't",
            ("Get a cleaner", "Mop the floors"),
            "Get a cleaner",
        ),
        (
            "asked Tom to drum for us, he's away",
            ("Find a drummer", "Book the hall"),
            "Find a drummer",
        ),
    ],
)
def test_the_job_named_finds_the_step_seeking_its_doer(words, titles, sought):
    assert [c.title for c in step_match.finding_the_doer(words, _one_plan(*titles))] == [sought]


@pytest.mark.parametrize(
    ("words", "titles"),
    [
        # the doer named: ordinary matching reads it
        ("rang the roofer about the roof, no answer", ("Find a roofer", "Put the new roof on")),
        # no step seeks a doer
        ("asked Ion about the roof", ("Put the new roof on", "Buy the tiles")),
        # a word ending in -er that is no doer of the job said
        ("let the landlord know", ("Get a letter from the landlord",)),
        ("asked about the corner shelf", ("Find a corner sofa",)),
        # a machine is no doer
        ("asked the landlord about the heat, he says wait", ("Get a heater", "Fix the heating")),
    ],
)
def test_no_step_seeking_a_doer_of_the_job(words, titles):
    assert not step_match.finding_the_doer(words, _one_plan(*titles))


@pytest.mark.parametrize(
    "words, title, plan_title",
    [
        (
            "ok doing the ptptn auto debit form on the website now, halfway",
            "Call PTPTN",
            "Sort out PTPTN loan",
        ),
        ("painted the fence posts black", "Get fence quotes", "Fix the fence"),
    ],
)
def test_a_step_met_only_in_its_plans_topic(words, title, plan_title):
    assert step_match.met_only_in_its_plan(words, title, plan_title)


@pytest.mark.parametrize(
    "words, title, plan_title",
    [
        ("called ptptn, on hold 40 min", "Call PTPTN", "Sort out PTPTN loan"),  # its verb
        ("ptptn", "Call PTPTN", "Sort out PTPTN loan"),  # nothing else said
        ("got two fence quotes", "Get fence quotes", "Fix the fence"),  # its own thing
        ("doing the auto debit form", "Set up auto debit", "Sort out PTPTN loan"),
    ],
)
def test_a_step_met_by_words_of_its_own(words, title, plan_title):
    assert not step_match.met_only_in_its_plan(words, title, plan_title)


@pytest.mark.parametrize(
    "action, title, moved",
    [
        ("transferred the RM3.6k to landlord liao, he whatsapp me", "Transfer Unifi line", True),
        ("transferred 150 shekel to the committee guy", "Transfer the car ownership", True),
        ("transferred the RM3.6k deposit", "Transfer the deposit", False),  # a step of paying
        ("transferred the unifi line", "Transfer Unifi line", False),  # no money
        ("switched to octopus, sorted", "Switch energy supplier", False),
    ],
)
def test_money_moved_for_another_thing(action, title, moved):
    assert step_match.money_moved_for_another_thing(action, title) is moved


def test_registration_is_the_noun_of_register():
    # ("10km registration" of "Sign up for the 10km", read "register for the 10km")
    assert step_match.same_word(step_match.stem("registration"), step_match.stem("register"))
    assert not step_match.same_word(step_match.stem("station"), step_match.stem("stat"))


STUDY = _world(
    Study_in_Canada=["Register for IELTS", "Write the study plan", "Pay the application fee"],
    Final_exam_prep=["Revise past questions", "Join a study group", "Print lecture notes"],
)


@pytest.mark.parametrize(
    "world, words, step",
    [
        (STUDY, "the study group thing", "Join a study group"),
        # near miss: a word of one plan's title and of one step's only still says which plan
        (VAN, "rang 3 garages for quotes on the van", "Get quotes"),
    ],
)
def test_a_word_every_close_title_has_names_no_plan(world, words, step):
    # "study" is plan "Study in Canada"'s, but also both steps' own: the group decides
    match = step_match.match_step(words, world, 1, open_only=True)
    assert match.best is not None and match.best.title == step, match.close
    if world is STUDY:
        assert match.best.plan_id == 2


def test_a_spanish_past_is_its_steps_verb_never_a_typo_of_another_word():
    """ "ya compre el turkey" (z239): "compre" is "comprar" said in the past, so the step of
    buying is the one it names, never "Invitar a los compadres" by a typo of two letters."""
    assert (
        _best("compre el turkey en el HEB", "Comprar el pavo", "Invitar a los compadres")
        == "Comprar el pavo"
    )


def _at_the_place(words: str, *titles: str) -> str | None:
    plans = _plans(*titles)
    match = step_match.match_step(words, plans, 1, open_only=True)
    match = step_match.step_done_at_the_place(
        words, match, plans, 1, open_only=True, same_action=False
    )
    return match.best.title if match.best else None


@pytest.mark.parametrize(
    ("words", "titles", "step"),
    [
        # where the person was, beside what they did there (z260, z262)
        (
            "ejari done took like 20 min at typing centre near rolla",
            ("Register Ejari", "Pay at the typing center"),
            "Register Ejari",
        ),
        (
            "bon j'suis à la biblio started réviser les stats chapitres 4 à 9 ugh",
            ("Étudier pour l'examen de stats", "Rendre les livres à la biblio"),
            "Étudier pour l'examen de stats",
        ),
    ],
)
def test_the_step_done_at_a_place_is_the_one_whose_thing_is_said(words, titles, step):
    """The words name a step only by the place its title closes on, and another step by its
    thing: the place is where the person is, the step what they did there."""
    assert _at_the_place(words, *titles) == step


@pytest.mark.parametrize(
    ("words", "titles"),
    [
        # a visit to the place, nothing else of a step said: the match stands
        ("went to the bank for the fees, closed", ("Pay fees at the bank", "Call the landlord")),
        # the step's own verb said at its place
        (
            "weighed them at the mart, ewes next week",
            ("Weigh the lambs at the mart", "Sell the ewes"),
        ),
        # the place only named, not said as where the person is: maybe the step's own news
        (
            "try book AIB online website keep crashing",
            ("Book appointment at AIB", "Set up online banking"),
        ),
        # "in" closes on no place: "Fill in the claim form"
        ("filled in the claim form", ("Fill in the claim form", "Send the claim")),
        # a bare French "à" is as often a person: "Écrire à Mme Lavoie"
        (
            "écrit à Mme Lavoie pour le stage",
            ("Écrire à Mme Lavoie pour une lettre", "Trouver un stage"),
        ),
    ],
)
def test_a_place_said_alone_or_with_its_own_verb_keeps_its_step(words, titles):
    plans = _plans(*titles)
    match = step_match.match_step(words, plans, 1, open_only=True)
    assert match.best is not None
    assert _at_the_place(words, *titles) == match.best.title


def test_a_place_beside_two_other_steps_things_keeps_the_match():
    """The rest names two steps: which one was done there is not said; the match stands."""
    plans = _plans("Register Ejari", "Do the medical test", "Pay at the typing center")
    words = "at the typing centre now, ejari and medical both"
    match = step_match.match_step(words, plans, 1, open_only=True)
    assert (
        step_match.step_done_at_the_place(words, match, plans, 1, open_only=True, same_action=False)
        == match
    )
