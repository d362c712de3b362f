"""Every text catalog, in every language: the same keys, placeholders and plural forms; the plural rules; one
language loaded at a time; no key the code does not use and no key the code uses that is missing."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import i18n, registry
from tabletop.home import GAME_WORDS, loading_words
from tabletop.i18n import (
    LANGUAGES,
    PLURAL_FORMS,
    SHELL,
    Catalog,
    CatalogError,
    Domain,
    Plural,
    catalog,
    load,
    parse,
    placeholders,
    plural_category,
)

ROOT = Path(__file__).resolve().parents[1]
# Every package with a texts/ folder is a domain (a new game's catalogs are checked without a line here).
DOMAINS = sorted({path.parent.parent.name for path in ROOT.glob("*/texts/*.toml")})
GAMES = [domain for domain in DOMAINS if domain != SHELL]
NBSP, NNBSP = "\u00a0", "\u202f"


def test_the_shell_and_every_registered_game_have_catalogs() -> None:
    assert DOMAINS == sorted({SHELL} | {game.package for game in registry.GAMES})


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_shell_says_which_game_it_loads_in_the_game_s_own_name(lang: str) -> None:
    """The page's words while a game's files are fetched name that game, as the first screen does, and no other."""
    titles = {game.name: catalog(lang, (game.package,)).t("game.name") for game in registry.GAMES}
    for name, title in titles.items():
        said = loading_words(lang, name)
        assert all(title in text for text in said.values()), said
        assert not [other for other in titles.values() if other != title and other not in title
                    for text in said.values() if other in text]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_game_names_and_describes_itself_for_the_first_screen(game: str, lang: str) -> None:
    texts = catalog(lang, (game,))
    assert all(key in texts and texts.t(key).strip() for key in GAME_WORDS)


@pytest.mark.parametrize("domain", DOMAINS)
def test_a_domain_has_one_file_per_language_and_no_other(domain: str) -> None:
    names = {path.name for path in (ROOT / domain / "texts").iterdir()}
    expected = {f"{lang}.toml" for lang in LANGUAGES} | ({i18n.LANGUAGES_FILE} if domain == SHELL else set())
    assert names == expected


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_has_the_same_keys_placeholders_and_pages_as_english(domain: str, lang: str) -> None:
    english, other = load(domain, "en"), load(domain, lang)
    assert sorted(set(other.messages) ^ set(english.messages)) == [], "keys only in one of the two"
    for key, message in english.messages.items():
        theirs = other.messages[key]
        assert isinstance(theirs, Plural) == isinstance(message, Plural), f"{key}: a count's forms in one only"
        assert placeholders(theirs) == placeholders(message), key
        if isinstance(message, Plural) and isinstance(theirs, Plural):
            assert theirs.count == message.count, key
    assert other.sections.keys() == english.sections.keys()
    for key, page in english.sections.items():
        assert [len(ps) for _, ps in other.sections[key]] == [len(ps) for _, ps in page], f"{key}: sections differ"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_count_has_the_forms_its_language_needs(domain: str, lang: str) -> None:
    """English and German need "one" and "other"; so does French, whose "one" also says 0, so it shows the count."""
    plurals = {key: m for key, m in load(domain, lang).messages.items() if isinstance(m, Plural)}
    for key, message in plurals.items():
        assert set(PLURAL_FORMS[lang]) <= set(message.forms), f"{key}: forms {sorted(message.forms)}"
        for category, form in message.forms.items():
            covers = [n for n in range(1001) if plural_category(lang, n) == category]
            if len(covers) > 1 or category == "other":
                assert "{" + message.count + "}" in form, f"{key}.{category} covers {covers[:3]}… but hides the count"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_text_is_empty_or_padded(domain: str, lang: str) -> None:
    texts = list(catalog(lang, (domain,)).texts())
    assert texts and [t for t in texts if not t.strip() or t != t.strip()] == []


def french_texts() -> Iterator[tuple[str, str]]:
    for domain in DOMAINS:
        for text in catalog("fr", (domain,)).texts():
            yield domain, text


def test_french_texts_keep_french_typography() -> None:
    """A no-break space before : and a narrow one before ; ! ? % and inside « », so no line starts with one."""
    wrong = [
        (domain, text) for domain, text in french_texts()
        if re.search(rf"[^{NBSP}{NNBSP}][:;!?»%]|«[^{NBSP}{NNBSP}]", text.replace("{", "").replace("}", ""))
    ]
    assert wrong == []


def test_the_plural_rules_are_cldr_s() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("de", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("fr", n) for n in (0, 1, 2, 21, 1_000_000)] == ["one", "one", "other", "other", "many"]
    with pytest.raises(TypeError):
        plural_category("en", True)


def test_a_count_chooses_its_form_and_a_missing_form_falls_back_to_other() -> None:
    cards = Plural("n", {"one": "{n} carte", "other": "{n} cartes"})
    fr = Catalog("fr", (Domain("x", "fr", {"cards": cards}, {}),))
    assert [fr.t("cards", n=n) for n in (0, 1, 2, 1_000_000)] == ["0 carte", "1 carte", "2 cartes", "1000000 cartes"]
    en = Catalog("en", (Domain("x", "en", {"cards": cards}, {}),))
    assert [en.t("cards", n=n) for n in (0, 1, 2)] == ["0 cartes", "1 carte", "2 cartes"]
    with pytest.raises(TypeError, match="count n"):
        en.t("cards")


def test_a_key_defined_in_two_domains_used_together_is_an_error_at_load() -> None:
    shell = Domain(SHELL, "en", {"nav.games": "Games"}, {})
    game = Domain("game", "en", {"nav.games": "All games", "brand": "Game"}, {})
    with pytest.raises(CatalogError, match="nav.games"):
        Catalog("en", (shell, game))
    for lang in LANGUAGES:  # the shipped catalogs, as each game's page loads them
        for game_domain in GAMES:
            assert "nav.games" in catalog(lang, (SHELL, game_domain))


def test_a_key_written_twice_in_one_file_and_a_malformed_value_are_errors() -> None:
    with pytest.raises(CatalogError, match="defined twice"):
        parse("x", "en", {"card.in": "a", "card": {"in": "b"}})
    for bad in ({"a": 1}, {"a": {"other": "x"}}, {"a": {"count": "n", "other": "x", "few": 2}},
                {"a": [{"heading": "h"}]}):
        with pytest.raises(CatalogError):
            parse("x", "en", bad)


def test_only_the_chosen_language_is_read_and_another_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[tuple[str, str]] = []
    real = i18n._read

    def spy(domain: str, name: str) -> dict[str, object]:
        read.append((domain, name))
        return real(domain, name)

    monkeypatch.setattr(i18n, "_read", spy)
    load.cache_clear()
    catalog.cache_clear()
    try:
        assert catalog("de", (SHELL, "zero_game")).t("nav.rules") == "Regeln"
        assert read == [(SHELL, "de.toml"), ("zero_game", "de.toml")]
        assert catalog("fr", (SHELL, "zero_game")).t("nav.rules") == "Règles"  # the player switches
        assert read[2:] == [(SHELL, "fr.toml"), ("zero_game", "fr.toml")]
        catalog("de", (SHELL, "zero_game")).t("nav.sheet")
        assert len(read) == 4  # read once
    finally:
        load.cache_clear()
        catalog.cache_clear()


def test_an_unknown_language_is_english_and_a_browser_tag_picks_ours() -> None:
    assert catalog("xx", (SHELL,)).lang == "en"
    assert i18n.pick_language(["de-AT", "fr"]) == "de" and i18n.pick_language(["pt-BR"]) == "en"
    assert list(LANGUAGES) == ["en", "fr", "de"] and LANGUAGES["fr"] == "Français"


# ---- the code and the catalogs agree -----------------------------------------------------------------------

PACKAGES = [SHELL, *GAMES]  # each domain's code is its package
# The calls that take a text key, and the position of the key among their arguments; what a key looks like
# (the terminal's ``say("Final totals:")`` is a sentence, not a key).
KEY_CALLS = {"t": 0, "say": 0, "translate": 1, "notify": 1}
KEY = re.compile(r"[a-z][a-z0-9_]*([.-][a-z0-9_]+)*")


def modules(packages: list[str]) -> Iterator[tuple[Path, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def runs_with(package: str) -> list[str]:
    """``package`` and the packages its code imports (the shell always): the code that may show its texts."""
    found = {package, SHELL}
    for _, tree in modules([package]):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
    return [p for p in PACKAGES if p in found]


def literal_keys(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """The keys passed as a literal to ``t()``, ``say()``, ``translate()`` and ``notify()``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            index = KEY_CALLS.get(name)
            if index is not None and len(node.args) > index:
                arg = node.args[index]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and KEY.fullmatch(arg.value):
                    yield node.lineno, arg.value


def used(packages: list[str]) -> tuple[set[str], set[str]]:
    """Every string literal of the code, and every key family it builds ("kind." + kind, f"home.{key}")."""
    literals: set[str] = set()
    families: set[str] = set()
    for _, tree in modules(packages):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
                families.add(str(node.left.value))
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                families.add(str(node.values[0].value))
    return literals, {f for f in families if KEY.fullmatch(f.rstrip("._")) and f.endswith((".", "_"))}


@pytest.mark.parametrize("game", GAMES)
def test_every_key_the_code_passes_to_t_exists(game: str) -> None:
    texts = catalog("en", (SHELL, game))
    missing = [f"{path.relative_to(ROOT)}:{line}: {key}" for path, tree in modules([game])
               for line, key in literal_keys(tree) if key not in texts]
    assert missing == []
    shell_only = catalog("en", (SHELL,))
    assert [key for _, tree in modules([SHELL]) for _, key in literal_keys(tree) if key not in shell_only] == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_code_uses_every_key(domain: str) -> None:
    """A key is used if the code names it, builds it from a family ("title." + page), or it is the second-person
    form of a used key (``Texts.say`` picks ``key.you``).  The shell's keys may be used by any package, a game's
    by its package and what it imports."""
    packages = PACKAGES if domain == SHELL else runs_with(domain)
    literals, families = used(packages)

    def is_used(key: str) -> bool:
        base = key.removesuffix(".you")
        return any(k in literals or k.startswith(tuple(families)) for k in (key, base))

    d = load(domain, "en")
    assert [key for key in (*d.messages, *d.sections) if not is_used(key)] == []
