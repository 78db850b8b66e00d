"""The built-in rules: plan commands and everyday wording understood without a model. The
entry is ``interpreter`` (``RulesInterpreter``); ``exact`` is the few typed commands that
never need a model, which the assistant and the bot check before anything else. The rules act
only through the tool registry, so they can never do more than the model could; their other
modules are the interpreter's own parts."""

__all__ = ["exact", "interpreter"]
