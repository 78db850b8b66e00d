"""The built-in rules: plan commands and everyday wording understood without a model. They act
only through the tool registry, so they can never do more than the model could."""
