"""The model loop's parts, put together by ``drbot.ai.assistant``: the constant prompt
(``prompt``) and the per-round ANNOUNCE block (``announce``), the turns kept for the model
(``turns``) and how much of them fits (``context_budget``), guards against what small models
write (``model_guard``), how a turn ends (``unfinished_answers``,
``model_errors``, ``stoppable_turn``; the endings themselves are the Assistant's), confirmation of a local model's writes (``confirm``) and
the journal of a turn's writes that a restart settles (``interrupted``). Only ``model_guard``
reads tool calls written as text (``text_tool_calls``)."""

__all__ = [
    "announce",
    "confirm",
    "context_budget",
    "interrupted",
    "model_errors",
    "model_guard",
    "prompt",
    "stoppable_turn",
    "turns",
    "unfinished_answers",
]
