"""Language helpers with no I/O: dates and times in words, intents and their slots, step
matching by words, plan phrases (titles and step lists), mark lines."""
