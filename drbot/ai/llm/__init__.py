"""The model loop's parts: the constant prompt, the turns kept for the model, guards against
what small models write (tool calls as text, repeats), how a turn ends (``stop_reason``, errors,
cancellation), confirmation of a local model's writes, and the context budget."""
