"""Texts as data: catalogs per domain and language, the choice of language, and plural forms.

A *domain* is a package whose ``texts/`` folder holds one TOML file per language: ``tabletop`` (the shell:
what every game's page shares), ``zero_game`` (Zero), ``thousand`` (the quiz).  A page asks for
``catalog(lang, domains)``: the files of those domains for that ONE language, read once and kept; another
language is read only when someone switches to it.  A key that two of the domains define is an error at
load (:class:`CatalogError`), never a silent overwrite.

In a file, a key is a path of TOML tables (``[setup]`` then ``play = "Play"`` is ``setup.play``; a quoted
key may hold a dot: ``"swap.you"`` under ``[live]`` is ``live.swap.you``).  A value is:

- a text, with ``{placeholders}`` filled by ``t(key, **params)``;
- a count's forms, chosen by the language's plural rule (:func:`plural_category`)::

      draws = { count = "n", one = "{name} draws {n} new card.", other = "{name} draws {n} new cards." }

  ``count`` names the parameter that chooses; ``other`` is required, and a form the language's rule may pick
  but the message lacks falls back to ``other`` (as in ICU);
- a list of sections (a page such as the rules): ``[[rules.sections]]`` tables with a ``heading`` and
  ``paragraphs``, read with :meth:`Catalog.sections`.

Standard library only (``tomllib`` is in Pyodide's too).  A file is read through its package's loader
(``get_data``, the protocol ``importlib.resources`` and ``pkgutil.get_data`` use), so the catalogs are found
wherever the package is installed, a wheel or zip included; importing ``importlib.resources`` itself would
add about 30 ms to every start in Pyodide, for one call.

Lists of names are joined by each language's "and" as CLDR says (:func:`join_list`, ``Catalog.join``), never with
bare commas.
"""

from __future__ import annotations

import importlib
import os
import string
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

SHELL = "tabletop"
TEXTS = "texts"
LANGUAGES_FILE = "languages.toml"
#: CLDR's plural categories, in its order.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

Section = tuple[str, tuple[str, ...]]


class CatalogError(ValueError):
    """A catalog file that cannot be used: not TOML, a value of the wrong shape, or a key defined twice."""


class _Loader(Protocol):
    def get_data(self, path: str) -> bytes: ...


def _read(domain: str, name: str) -> dict[str, Any]:
    """The TOML file ``texts/<name>`` of package ``domain``, read by the package's own loader."""
    package = importlib.import_module(domain)
    loader: _Loader | None = getattr(package.__spec__, "loader", None)
    try:
        if loader is None or not hasattr(loader, "get_data") or package.__file__ is None:
            raise OSError("the package's loader cannot read data files")
        data = loader.get_data(os.path.join(os.path.dirname(package.__file__), TEXTS, name))
        return tomllib.loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise CatalogError(f"{domain}/{TEXTS}/{name}: {err}") from err


def _languages() -> dict[str, str]:
    table = _read(SHELL, LANGUAGES_FILE)
    if not table or not all(isinstance(code, str) and isinstance(name, str) for code, name in table.items()):
        raise CatalogError(f"{SHELL}/{TEXTS}/{LANGUAGES_FILE}: each line is code = \"name in that language\"")
    return dict(table)


#: The site's languages, each named in its own language, in the order the menus list them (one definition,
#: read from ``tabletop/texts/languages.toml``).  The first is the default.
LANGUAGES: dict[str, str] = _languages()
DEFAULT_LANGUAGE = next(iter(LANGUAGES))


def pick_language(preferred: Iterable[str]) -> str:
    """The first of the browser's languages (``navigator.languages``) we have, else the default (English)."""
    for tag in preferred:
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


# ---- plural forms ----------------------------------------------------------------------------------------


def _one_is_1(n: int) -> str:
    """English, German (CLDR, integers): "one" for 1, else "other"."""
    return "one" if n == 1 else "other"


def _french(n: int) -> str:
    """French (CLDR, integers): "one" for 0 and 1; "many" for exact millions ("un million de cartes")."""
    if n in (0, 1):
        return "one"
    return "many" if n % 1_000_000 == 0 else "other"


#: Each language's plural rule for whole numbers (CLDR), and the categories its messages must have: the ones
#: the games' counts reach (French ``many`` starts at a million and falls back to ``other``).
PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _one_is_1, "fr": _french, "de": _one_is_1}
PLURAL_FORMS: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "fr": ("one", "other"), "de": ("one", "other")}


def plural_category(lang: str, n: int) -> str:
    """The plural category of the count ``n`` in ``lang``: ``plural_category("fr", 0) == "one"``."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"a count is a whole number, not {n!r}")
    return PLURAL_RULES.get(lang, _one_is_1)(abs(n))


# ---- lists -----------------------------------------------------------------------------------------------

#: Each language's list pattern for "and" (CLDR's ``listPatterns``, type ``standard``), as (two, start, middle,
#: end): two items are joined by ``two``; three or more by ``start`` (the first two), ``middle`` (each next one)
#: and ``end`` (the last), so English has its serial comma ("A, B, and C") and French and German none
#: ("A, B et C", "A, B und C").  Data as the plural rules are: a new language adds its line.
LIST_PATTERNS: dict[str, tuple[str, str, str, str]] = {
    "en": ("{0} and {1}", "{0}, {1}", "{0}, {1}", "{0}, and {1}"),
    "fr": ("{0} et {1}", "{0}, {1}", "{0}, {1}", "{0} et {1}"),
    "de": ("{0} und {1}", "{0}, {1}", "{0}, {1}", "{0} und {1}"),
}


def join_list(lang: str, items: Iterable[str]) -> str:
    """``items`` as one list in ``lang``, joined by "and" as CLDR's list patterns say (TR35, "List Patterns"):
    ``join_list("en", ["Ana", "Ben", "Mia"]) == "Ana, Ben, and Mia"``, ``join_list("fr", ["Ana", "Ben"]) ==
    "Ana et Ben"``; one item is itself, none is empty."""
    words = [str(item) for item in items]
    two, start, middle, end = LIST_PATTERNS.get(lang, LIST_PATTERNS[DEFAULT_LANGUAGE])
    if len(words) < 2:
        return "".join(words)
    if len(words) == 2:
        return two.format(*words)
    text = end.format(words[-2], words[-1])
    for word in reversed(words[1:-2]):
        text = middle.format(word, text)
    return start.format(words[0], text)


# ---- messages --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plural:
    """A message with one form per plural category, chosen by the parameter ``count``."""

    count: str
    forms: Mapping[str, str]

    def form(self, category: str) -> str:
        return self.forms.get(category, self.forms["other"])


Message = str | Plural


def placeholders(message: Message) -> frozenset[str]:
    """The ``{names}`` a message expects (every form's, and a plural's count)."""
    texts = message.forms.values() if isinstance(message, Plural) else (message,)
    names = {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}
    if isinstance(message, Plural):
        names.add(message.count)
    return frozenset(names)


@dataclass(frozen=True)
class Domain:
    """One domain's file for one language: its messages and its pages of sections."""

    name: str
    lang: str
    messages: Mapping[str, Message]
    sections: Mapping[str, tuple[Section, ...]]


def _plural(where: str, table: Mapping[str, Any]) -> Plural:
    count = table.get("count")
    forms = {k: v for k, v in table.items() if k != "count"}
    if not isinstance(count, str) or not count.isidentifier():
        raise CatalogError(f"{where}: a count's forms need count = \"<the parameter that counts>\"")
    unknown = sorted(set(forms) - set(CATEGORIES))
    if unknown or not all(isinstance(v, str) for v in forms.values()):
        raise CatalogError(f"{where}: the forms of a count are texts named {', '.join(CATEGORIES)}, not {unknown}")
    return Plural(count, {k: forms[k] for k in CATEGORIES if k in forms})


def _sections(where: str, items: list[Any]) -> tuple[Section, ...]:
    found = []
    for item in items:
        heading = item.get("heading") if isinstance(item, dict) else None
        paragraphs = item.get("paragraphs") if isinstance(item, dict) else None
        if (not isinstance(heading, str) or not isinstance(paragraphs, list) or set(item) != {"heading", "paragraphs"}
                or not all(isinstance(p, str) for p in paragraphs)):
            raise CatalogError(f"{where}: each section is a heading and a list of paragraphs")
        found.append((heading, tuple(paragraphs)))
    return tuple(found)


def parse(domain: str, lang: str, table: Mapping[str, Any]) -> Domain:
    """The messages and sections of a catalog file's ``table`` (from ``tomllib``)."""
    messages: dict[str, Message] = {}
    sections: dict[str, tuple[Section, ...]] = {}

    def walk(prefix: str, node: Mapping[str, Any]) -> None:
        for name, value in node.items():
            key = prefix + name
            where = f"{domain}/{TEXTS}/{lang}.toml: {key}"
            if key in messages or key in sections:
                raise CatalogError(f"{where} is defined twice")
            if isinstance(value, str):
                messages[key] = value
            elif isinstance(value, dict) and "other" in value:
                messages[key] = _plural(where, value)
            elif isinstance(value, dict):
                walk(key + ".", value)
            elif isinstance(value, list):
                sections[key] = _sections(where, value)
            else:
                raise CatalogError(f"{where}: a text, a count's forms, a table or a list of sections, not {value!r}")

    walk("", table)
    return Domain(domain, lang, messages, sections)


@cache
def load(domain: str, lang: str) -> Domain:
    """The catalog file of ``domain`` in ``lang``, read once."""
    return parse(domain, lang, _read(domain, f"{lang}.toml"))


class Catalog:
    """The texts of some domains in one language: ``t(key, **params)``, plural forms, pages of sections."""

    def __init__(self, lang: str, domains: tuple[Domain, ...]) -> None:
        self.lang = lang
        self.domains = tuple(d.name for d in domains)
        self.origin: dict[str, str] = {}  # key -> the domain that defines it
        self.messages: dict[str, Message] = {}
        self._sections: dict[str, tuple[Section, ...]] = {}
        for d in domains:
            for key in (*d.messages, *d.sections):
                if key in self.origin:
                    raise CatalogError(f"{key!r} is defined in both {self.origin[key]} and {d.name} ({lang})")
                self.origin[key] = d.name
            self.messages.update(d.messages)
            self._sections.update(d.sections)

    def __contains__(self, key: object) -> bool:
        return key in self.messages

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` filled with ``params``; a count's form chosen by this language's rule."""
        try:
            message = self.messages[key]
        except KeyError:
            raise KeyError(f"no text {key!r} in {', '.join(self.domains)} ({self.lang})") from None
        if isinstance(message, Plural):
            count = params.get(message.count)
            if not isinstance(count, int):
                raise TypeError(f"{key!r} needs the count {message.count}=<whole number>, got {count!r}")
            message = message.form(plural_category(self.lang, count))
        return message.format(**params)

    def join(self, items: Iterable[str]) -> str:
        """``items`` as one list in this language: "Ana and Ben", "Ana, Ben et Mia" (:func:`join_list`)."""
        return join_list(self.lang, items)

    def sections(self, key: str) -> tuple[Section, ...]:
        """A page of (heading, paragraphs) sections, such as ``rules.sections``."""
        return self._sections[key]

    def texts(self) -> Iterator[str]:
        """Every text: each message (each form of a count), each heading and paragraph."""
        for message in self.messages.values():
            yield from message.forms.values() if isinstance(message, Plural) else (message,)
        for page in self._sections.values():
            for heading, paragraphs in page:
                yield heading
                yield from paragraphs


@cache
def catalog(lang: str, domains: tuple[str, ...]) -> Catalog:
    """The texts of ``domains`` in ``lang`` (the default language if ``lang`` is not one of ours)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return Catalog(lang, tuple(load(domain, lang) for domain in domains))
