"""The rounds the blind sets were written in, declared once for every learnt check's
leave-one-round-out table (eval/train_plan_odds.py, train_step_odds.py, train_write_odds.py):
a check is measured on each round with weights trained on every other, so a round's sets
stay unseen by the weights that read them."""

from __future__ import annotations

# (first set, last set) of each round: z1–z7 were the first round, z8–z9 the second …
ROUNDS = (
    (1, 7),
    (8, 9),
    (10, 13),
    (14, 17),
    (18, 23),
    (24, 29),
    (30, 35),
    (36, 41),
    (42, 47),
    (48, 53),
    (54, 59),
    (60, 65),
    (66, 71),
    (72, 77),
    (78, 83),
    (84, 89),
    (90, 95),
    (96, 101),
    (102, 107),
    (108, 113),
    (114, 119),
    (138, 143),
    (144, 149),
    (150, 155),
    (156, 161),
    (162, 167),
    (168, 173),
    (174, 179),
    (180, 185),
    (186, 191),
    (192, 197),
    (198, 203),
    (204, 209),
    (210, 215),
    (216, 221),
    (222, 227),
    (228, 233),
    (234, 239),
    (240, 245),
    (246, 251),
    (252, 257),
    (258, 263),
    (264, 269),
    (270, 275),
)


def round_of(set_name: str) -> int:
    """The round a set was written in: 0 for the sets a–y, written before the rounds; a set
    past the last round declared counts as one more round."""
    if not (set_name.startswith("z") and set_name[1:].isdigit()):
        return 0
    n = int(set_name[1:])
    return next((r for r, (a, b) in enumerate(ROUNDS, 1) if a <= n <= b), len(ROUNDS) + 1)
