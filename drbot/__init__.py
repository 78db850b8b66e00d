"""drbot — a Telegram assistant that remembers plans unfolding over days, weeks or months."""

__version__ = "0.1.0"
