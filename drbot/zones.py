"""Finding a person's time zone from what they can easily give.

People do not know IANA names.  They know their city, their country, or can
share a location; Telegram also tells us their app's language.  All three are
answered from the zone tables that ship with the IANA database (``tzdata``):
``zone.tab`` lists each country's zones with their principal city's
coordinates, ``iso3166.tab`` the country names.  No network,
no extra dependency.  The answers are guesses a person confirms: drbot always
echoes the zone and its local time back.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from zoneinfo import ZoneInfo

from rapidfuzz import fuzz, process

from drbot.memory.user_settings import zone_name

# The few zones worth offering as buttons when all we know is the app language.
# A region in the code ("en-GB", "pt-BR") is more precise and wins.
_BY_LANGUAGE = {
    "en": ("Europe/London", "America/New_York", "America/Chicago", "America/Los_Angeles"),
    "de": ("Europe/Berlin", "Europe/Vienna", "Europe/Zurich"),
    "fr": ("Europe/Paris", "Europe/Brussels", "America/Toronto"),
    "es": (
        "Europe/Madrid",
        "America/Mexico_City",
        "America/Bogota",
        "America/Argentina/Buenos_Aires",
    ),
    "pt": ("America/Sao_Paulo", "Europe/Lisbon"),
    "it": ("Europe/Rome",),
    "nl": ("Europe/Amsterdam", "Europe/Brussels"),
    "pl": ("Europe/Warsaw",),
    "uk": ("Europe/Kyiv",),
    "ru": ("Europe/Moscow", "Asia/Yekaterinburg"),
    "tr": ("Europe/Istanbul",),
    "ja": ("Asia/Tokyo",),
    "ko": ("Asia/Seoul",),
    "zh": ("Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong"),
    "hi": ("Asia/Kolkata",),
    "id": ("Asia/Jakarta",),
    "ar": ("Asia/Riyadh", "Africa/Cairo", "Asia/Dubai"),
    "he": ("Asia/Jerusalem",),
    "fa": ("Asia/Tehran",),
    "sv": ("Europe/Stockholm",),
    "da": ("Europe/Copenhagen",),
    "nb": ("Europe/Oslo",),
    "fi": ("Europe/Helsinki",),
    "cs": ("Europe/Prague",),
    "el": ("Europe/Athens",),
    "hu": ("Europe/Budapest",),
    "ro": ("Europe/Bucharest",),
    "vi": ("Asia/Ho_Chi_Minh",),
    "th": ("Asia/Bangkok",),
}
# Where nothing is known: the most populous zones people on Telegram live in.
_FALLBACK = ("Europe/London", "America/New_York", "Europe/Berlin", "Asia/Kolkata")
# A handful of names people type that are not zone cities (zones are named
# after one city per region; the rest of the country shares it).
_ALIASES = {
    "uk": "Europe/London",
    "england": "Europe/London",
    "scotland": "Europe/London",
    "wales": "Europe/London",
    "usa": "America/New_York",
    "us": "America/New_York",
    "new york city": "America/New_York",
    "nyc": "America/New_York",
    "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles",
    "boston": "America/New_York",
    "washington": "America/New_York",
    "miami": "America/New_York",
    "atlanta": "America/New_York",
    "dallas": "America/Chicago",
    "houston": "America/Chicago",
    "austin": "America/Chicago",
    "munich": "Europe/Berlin",
    "hamburg": "Europe/Berlin",
    "frankfurt": "Europe/Berlin",
    "cologne": "Europe/Berlin",
    "geneva": "Europe/Zurich",
    "milan": "Europe/Rome",
    "barcelona": "Europe/Madrid",
    "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata",
    "new delhi": "Asia/Kolkata",
    "bangalore": "Asia/Kolkata",
    "beijing": "Asia/Shanghai",
    "osaka": "Asia/Tokyo",
    "kiev": "Europe/Kyiv",
    "st petersburg": "Europe/Moscow",
    "saint petersburg": "Europe/Moscow",
    "rio": "America/Sao_Paulo",
    "rio de janeiro": "America/Sao_Paulo",
    "montreal": "America/Toronto",
    "ottawa": "America/Toronto",
    "melbourne": "Australia/Melbourne",
}
# Zones that lead their country's list (zone.tab starts Brazil at Noronha and
# Australia at Lord Howe, where almost nobody lives).
_MAIN = (
    "America/Sao_Paulo",
    "Australia/Sydney",
    "Europe/Moscow",
    "America/Toronto",
    "America/Mexico_City",
    "Asia/Jakarta",
    "America/Argentina/Buenos_Aires",
)
MAX_OFFERED = 4
# Abbreviations people type, each read as the zone most who type it live in
# (CST is Chicago, not China; IST is India; GMT and BST are the UK's clock).
# They win over the zone database's own EST, MST, HST, CET…: those are fixed
# offsets or rules without a place, and "EST" typed in July still means New York.
ABBREVIATIONS = {
    "est": "America/New_York",
    "edt": "America/New_York",
    "et": "America/New_York",
    "eastern": "America/New_York",
    "cst": "America/Chicago",
    "cdt": "America/Chicago",
    "ct": "America/Chicago",
    "central": "America/Chicago",
    "mst": "America/Denver",
    "mdt": "America/Denver",
    "mt": "America/Denver",
    "mountain": "America/Denver",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "pt": "America/Los_Angeles",
    "pacific": "America/Los_Angeles",
    "akst": "America/Anchorage",
    "akdt": "America/Anchorage",
    "hst": "Pacific/Honolulu",
    "gmt": "Europe/London",
    "bst": "Europe/London",
    "wet": "Europe/Lisbon",
    "west": "Europe/Lisbon",
    "cet": "Europe/Berlin",
    "cest": "Europe/Berlin",
    "eet": "Europe/Athens",
    "eest": "Europe/Athens",
    "msk": "Europe/Moscow",
    "ist": "Asia/Kolkata",
    "pkt": "Asia/Karachi",
    "sgt": "Asia/Singapore",
    "hkt": "Asia/Hong_Kong",
    "jst": "Asia/Tokyo",
    "kst": "Asia/Seoul",
    "awst": "Australia/Perth",
    "acst": "Australia/Adelaide",
    "acdt": "Australia/Adelaide",
    "aest": "Australia/Sydney",
    "aedt": "Australia/Sydney",
    "nzst": "Pacific/Auckland",
    "nzdt": "Pacific/Auckland",
    "utc": "UTC",
    "z": "UTC",
    "zulu": "UTC",
}
# Offsets the zone database has no Etc/GMT zone for: the place that keeps it.
_ODD_OFFSETS = {
    (-9, 30): "Pacific/Marquesas",
    (-3, 30): "America/St_Johns",
    (3, 30): "Asia/Tehran",
    (4, 30): "Asia/Kabul",
    (5, 30): "Asia/Kolkata",
    (5, 45): "Asia/Kathmandu",
    (6, 30): "Asia/Yangon",
    (8, 45): "Australia/Eucla",
    (9, 30): "Australia/Darwin",
    (10, 30): "Australia/Lord_Howe",
    (12, 45): "Pacific/Chatham",
}
# "UTC+2", "GMT -5", "utc+05:30", "+0200".
_OFFSET = re.compile(r"(?:utc|gmt|z)?\s*(?P<sign>[+-])\s*(?P<h>[0-9]{1,2})(?::?(?P<m>[0-9]{2}))?")
# What people put around a place: "I'm in London", "my time zone is EST", "london time".
_BEFORE = re.compile(
    r"^(?:(?:i\s*am|i'?m|we\s*are|we'?re|i\s+live|we\s+live|living|based|i'?m\s+based|"
    r"i\s+am\s+based|currently|now|set\s+(?:it\s+)?to|change\s+(?:it\s+)?to|"
    r"(?:my\s+|the\s+)?time\s*zone\s*(?:is|to|:|=)?|tz\s*(?:is|:|=)?|it'?s)\s*"
    r"|(?:in|at|near|from)\s+)"
)
_AFTER = re.compile(r"(?:\s+(?:time(?:\s*zone)?|timezone|tz|please|pls|thanks|now))$")


@dataclass(frozen=True)
class _Zone:
    name: str
    country: str  # ISO 3166 code
    latitude: float
    longitude: float


def _tab(name: str) -> list[list[str]]:
    """A tzdata table's rows (comments dropped), from the tzdata package or the OS."""
    try:
        text = resources.files("tzdata.zoneinfo").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        text = Path("/usr/share/zoneinfo", name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def _degrees(text: str, width: int) -> float:
    """ISO 6709 ``±DDMM[SS]`` (latitude, width 2) or ``±DDDMM[SS]`` (width 3)."""
    sign = -1 if text[0] == "-" else 1
    digits = text[1:]
    value = int(digits[:width]) + int(digits[width : width + 2]) / 60
    if len(digits) > width + 2:
        value += int(digits[width + 2 : width + 4]) / 3600
    return sign * value


@cache
def _zones() -> tuple[_Zone, ...]:
    zones = []
    for row in _tab("zone.tab"):
        code, coordinates, name = row[0], row[1], row[2]
        split = max(coordinates.rfind("+"), coordinates.rfind("-"))
        zones.append(
            _Zone(name, code, _degrees(coordinates[:split], 2), _degrees(coordinates[split:], 3))
        )
    return tuple(zones)


def _fold(text: str) -> str:
    """Lower case, no accents, underscores and punctuation as spaces: "São_Paulo" -> "sao paulo"."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


@cache
def _names() -> dict[str, tuple[str, ...]]:
    """Folded place name -> zones: zone cities, whole zone names, countries, aliases."""
    names: dict[str, list[str]] = {}
    for zone in _zones():
        names.setdefault(_fold(zone.name.rsplit("/", 1)[-1]), []).append(zone.name)
        names.setdefault(_fold(zone.name), []).append(zone.name)
    countries = {row[0]: row[1] for row in _tab("iso3166.tab")}
    for code, country in countries.items():
        own = _one_per_offset(_country_zones(code))
        if own:
            names.setdefault(_fold(country), []).extend(own)
    for alias, alias_zone in _ALIASES.items():
        names.setdefault(alias, []).append(alias_zone)
    return {name: tuple(dict.fromkeys(zones)) for name, zones in names.items()}


def _country_zones(code: str) -> list[str]:
    """A country's zones, its main one first, then as zone.tab lists them."""
    names = [zone.name for zone in _zones() if zone.country == code]
    return sorted(names, key=lambda name: name not in _MAIN)  # stable: file order kept


def _one_per_offset(names) -> list[str]:
    """The first zone (the file lists a country's main zone first) of each UTC
    offset: the United States is New York, Chicago, Denver, Los Angeles, …, not
    five zones of Indiana."""
    now, seen, kept = datetime.now(UTC), set(), []
    for name in names:
        offset = now.astimezone(ZoneInfo(name)).utcoffset()
        if offset not in seen:
            seen.add(offset)
            kept.append(name)
    return kept


def find_zones(text: str) -> list[str]:
    """Zones for a city, country or zone name the person typed; [] when none is close.

    A country with several zones gives them all (the person picks); a typo
    ("Berln") still finds the city."""
    folded = _fold(text)
    if not folded or len(folded) > 60:
        return []
    names = _names()
    if folded in names:
        return list(names[folded])
    match = process.extractOne(folded, names.keys(), scorer=fuzz.ratio, score_cutoff=85)
    return list(names[match[0]]) if match else []


def resolve(text: str) -> list[str]:
    """Zones for what a person typed when asked where they are; [] when none.

    Every zone database name ("Etc/GMT-7", "america/new_york"); an
    abbreviation (``ABBREVIATIONS``); an offset ("UTC+2" is Etc/GMT-2: the
    database's Etc signs are inverted, POSIX-style); a city or country (with
    ``find_zones``'s typo tolerance), also as "I'm in London" or "Berlin,
    Germany".  Several zones (a country spanning them) are for the person to pick."""
    if not isinstance(text, str) or len(text) > 80:
        return []
    words = " ".join(text.casefold().replace("’", "'").replace("−", "-").split()).strip(".!?")
    previous = None
    while words != previous:  # "I'm now in", "my time zone is", "… time please"
        previous = words
        words = _AFTER.sub("", _BEFORE.sub("", words)).strip(" .!?,:")
    if not words:
        return []
    if words in ABBREVIATIONS:
        return [ABBREVIATIONS[words]]
    if (offset := _OFFSET.fullmatch(words)) is not None:
        return _from_offset(offset)
    try:
        return [zone_name(words)]
    except ValueError:
        pass
    if found := find_zones(words):
        return found
    head = words.split(",")[0]  # "Berlin, Germany"
    return find_zones(head) if head != words else []


def _from_offset(offset: re.Match) -> list[str]:
    hours, minutes = int(offset["h"]), int(offset["m"] or 0)
    sign = -1 if offset["sign"] == "-" else 1
    if minutes:
        zone = _ODD_OFFSETS.get((sign * hours, minutes))
        return [zone] if zone else []
    if hours == 0:
        return ["UTC"]
    if (sign > 0 and hours > 14) or (sign < 0 and hours > 12):
        return []
    # UTC+2 is two hours ahead: the database names it Etc/GMT-2.
    return [f"Etc/GMT{'-' if sign > 0 else '+'}{hours}"]


def nearest_zone(latitude: float, longitude: float) -> str:
    """The zone whose principal city is nearest (great-circle) to a shared location.

    Near a border this can pick the neighbour's zone; the person sees the
    answer and its local time, and can change it."""
    lat, lon = math.radians(latitude), math.radians(longitude)

    def distance(zone: _Zone) -> float:
        zlat, zlon = math.radians(zone.latitude), math.radians(zone.longitude)
        return (
            math.sin((zlat - lat) / 2) ** 2
            + math.cos(lat) * math.cos(zlat) * math.sin((zlon - lon) / 2) ** 2
        )

    return min(_zones(), key=distance).name


def likely_zones(language_code: str | None) -> list[str]:
    """A few zones to offer as buttons, from the Telegram app's language ("en-GB", "de")."""
    code = (language_code or "").casefold().replace("_", "-")
    language, _, region = code.partition("-")
    offered: list[str] = []
    if len(region) == 2:
        in_region = _country_zones(region.upper())
        offered += [zone for zone in _BY_LANGUAGE.get(language, ()) if zone in in_region]
        offered += _one_per_offset(in_region)
    offered += _BY_LANGUAGE.get(language, ())
    if not offered:
        offered += _FALLBACK
    return list(dict.fromkeys(offered))[:MAX_OFFERED]
