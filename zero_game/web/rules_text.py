"""The in-game rules page, in English, French and German, written for this project (see RULES.md)."""

from __future__ import annotations

Section = tuple[str, tuple[str, ...]]

RULES: dict[str, tuple[Section, ...]] = {
    "en": (
        ("The aim", (
            "Finish each round holding as few points as you can. After the last round, the lowest total wins; "
            "equal lowest totals share the win.",
            "A match has as many rounds as there are players at the table (two players: two rounds; five players: "
            "five), unless the set-up chooses another number.",
        )),
        ("The cards", (
            "There are 56 cards: seven colours, each numbered 1 to 8. Every colour has its own symbol, so you "
            "never need to tell colours apart by their shade: heart red, moon yellow, clover green, drop blue, "
            "grapes violet, star grey, cross black.",
        )),
        ("Dealing", (
            "Everyone gets 9 cards and keeps them secret. A few cards go face up in the middle: that is the pool "
            "(5 cards with 3 to 5 players, 9 with 2; the table may choose 5, 7 or 9). The rest stay out of play "
            "this round. The seat after the dealer begins, and the deal moves one seat on each round.",
        )),
        ("Your turn", (
            "Either swap: give one card from your hand to the pool and take a different pool card in exchange. "
            "Everyone sees both cards.",
            "Or knock: you change nothing and your turn is over.",
        )),
        ("Knocking and the last turns", (
            "The first knock of a round does nothing by itself. The second knock (by anyone, even the same "
            "player again) starts the last turns: every other player plays once more, then the round ends. "
            "A knock during the last turns simply means you pass.",
        )),
        ("Scoring a hand", (
            "Five or more cards of one colour are cleared, and so are five or more cards of one number. "
            "Each different number among the cards left counts its value once: two 7s still count only 7.",
            "Example: 1, 2, 2, 2, 5, 7, 7, 7, 7 with no colour group scores 1 + 2 + 5 + 7 = 15.",
            "Only the cards in a group are cleared, not their numbers: if five reds include the red 3 and you "
            "also hold a blue 3, that blue 3 still counts 3.",
        )),
        ("ZERO", (
            "Five cards of one colour and five of one number at the same time (one card belongs to both) is a "
            "ZERO. It scores nothing and ends the round at once, even in the middle of the last turns. A ZERO "
            "dealt straight into someone's hand ends the round before anyone plays.",
        )),
        ("Playing on this tablet", (
            "Tap a card in your hand, then a card in the pool, then confirm the swap. Tap a chosen card again or "
            "use Cancel to change your mind.",
            "Once you have chosen a card from your hand, each pool card shows what your hand would score if you "
            "took it; choose a pool card first and the cards of your hand show it the other way round.",
            "With several people at the table, the screen hides your hand and asks you to pass the tablet "
            "whenever someone else is next. Keys: Tab and the arrow keys move between cards, Enter or Space "
            "chooses, K knocks, Escape cancels.",
        )),
    ),
    "fr": (
        ("Le but", (
            "Terminer chaque manche avec le moins de points possible. Après la dernière manche, le plus petit "
            "total l'emporte ; en cas d'égalité, la victoire est partagée.",
            "Une partie compte autant de manches qu'il y a de joueurs autour de la table (deux joueurs : deux "
            "manches ; cinq joueurs : cinq), sauf si la préparation en fixe un autre nombre.",
        )),
        ("Les cartes", (
            "Il y a 56 cartes : sept couleurs, numérotées de 1 à 8. Chaque couleur a son propre symbole, pour ne "
            "jamais dépendre de la teinte : cœur rouge, lune jaune, trèfle vert, goutte bleue, raisin violet, "
            "étoile grise, croix noire.",
        )),
        ("La donne", (
            "Chacun reçoit 9 cartes qu'il garde secrètes. Quelques cartes sont posées face visible au centre : "
            "c'est la réserve (5 cartes de 3 à 5 joueurs, 9 à deux ; la table peut choisir 5, 7 ou 9). Les autres "
            "cartes ne servent pas pendant la manche. La place après le donneur commence, et le donneur change "
            "à chaque manche.",
        )),
        ("À votre tour", (
            "Soit vous échangez : vous posez une carte de votre main dans la réserve et prenez en retour une "
            "autre carte de la réserve. Tout le monde voit les deux cartes.",
            "Soit vous frappez : vous ne changez rien et votre tour est fini.",
        )),
        ("Frapper et les derniers tours", (
            "Le premier coup frappé dans une manche n'a aucun effet à lui seul. Le deuxième (par n'importe qui, "
            "même la même personne) lance les derniers tours : chacun des autres joue encore une fois, puis la "
            "manche s'arrête. Frapper pendant les derniers tours revient à passer.",
        )),
        ("Compter une main", (
            "Cinq cartes ou plus d'une même couleur sont retirées, de même que cinq cartes ou plus d'un même "
            "nombre. Chaque nombre différent parmi les cartes restantes compte une seule fois sa valeur : deux 7 "
            "ne comptent que 7.",
            "Exemple : 1, 2, 2, 2, 5, 7, 7, 7, 7 sans groupe de couleur vaut 1 + 2 + 5 + 7 = 15.",
            "Seules les cartes du groupe sont retirées, pas leurs nombres : si vos cinq rouges comprennent le 3 "
            "rouge et que vous avez aussi un 3 bleu, ce 3 bleu compte toujours 3.",
        )),
        ("ZÉRO", (
            "Cinq cartes d'une couleur et cinq d'un nombre en même temps (une carte fait partie des deux) forment "
            "un ZÉRO. Il vaut zéro point et arrête la manche aussitôt, même pendant les derniers tours. Un ZÉRO "
            "reçu dès la donne termine la manche avant que quiconque ne joue.",
        )),
        ("Jouer sur cette tablette", (
            "Touchez une carte de votre main, puis une carte de la réserve, puis confirmez l'échange. Touchez de "
            "nouveau une carte choisie ou utilisez Annuler pour changer d'avis.",
            "Dès que vous avez choisi une carte de votre main, chaque carte de la réserve indique ce que vaudrait "
            "votre main en la prenant ; choisissez d'abord une carte de la réserve, et ce sont les cartes de votre "
            "main qui l'indiquent.",
            "À plusieurs personnes, l'écran cache votre main et demande de passer la tablette quand c'est au tour "
            "de quelqu'un d'autre. Clavier : Tab et les flèches pour aller d'une carte à l'autre, Entrée ou Espace "
            "pour choisir, K pour frapper, Échap pour annuler.",
        )),
    ),
    "de": (
        ("Das Ziel", (
            "Am Ende jeder Runde möglichst wenige Punkte auf der Hand halten. Nach der letzten Runde gewinnt die "
            "niedrigste Summe; bei Gleichstand teilen sich alle Besten den Sieg.",
            "Eine Partie hat so viele Runden, wie Personen am Tisch sitzen (zu zweit zwei Runden, zu fünft fünf), "
            "außer die Aufstellung legt eine andere Zahl fest.",
        )),
        ("Die Karten", (
            "Es gibt 56 Karten: sieben Farben, jeweils von 1 bis 8. Jede Farbe hat ein eigenes Symbol, damit man "
            "nie auf den Farbton angewiesen ist: Herz rot, Mond gelb, Klee grün, Tropfen blau, Trauben violett, "
            "Stern grau, Kreuz schwarz.",
        )),
        ("Das Geben", (
            "Alle bekommen 9 Karten und halten sie geheim. Einige Karten liegen offen in der Mitte: die Auslage "
            "(5 Karten bei 3 bis 5 Personen, 9 zu zweit; der Tisch kann 5, 7 oder 9 wählen). Der Rest bleibt in "
            "dieser Runde aus dem Spiel. Der Platz nach dem Geber beginnt, und der Geber wechselt jede Runde.",
        )),
        ("Dein Zug", (
            "Entweder tauschen: Eine Karte aus der Hand kommt in die Auslage, dafür nimmst du eine andere Karte "
            "der Auslage. Alle sehen beide Karten.",
            "Oder klopfen: Du änderst nichts, und dein Zug ist vorbei.",
        )),
        ("Klopfen und die letzten Züge", (
            "Das erste Klopfen einer Runde bewirkt für sich nichts. Das zweite Klopfen (von wem auch immer, auch "
            "von derselben Person) startet die letzten Züge: Alle anderen spielen noch einmal, dann endet die "
            "Runde. Wer in den letzten Zügen klopft, passt einfach.",
        )),
        ("Eine Hand zählen", (
            "Fünf oder mehr Karten einer Farbe fallen weg, ebenso fünf oder mehr Karten einer Zahl. Jede "
            "verschiedene Zahl unter den übrigen Karten zählt ihren Wert einmal: Zwei 7er zählen nur 7.",
            "Beispiel: 1, 2, 2, 2, 5, 7, 7, 7, 7 ohne Farbgruppe zählt 1 + 2 + 5 + 7 = 15.",
            "Nur die Karten der Gruppe fallen weg, nicht ihre Zahlen: Sind unter fünf roten Karten die rote 3 "
            "und hältst du noch eine blaue 3, zählt diese blaue 3 weiterhin 3.",
        )),
        ("ZERO", (
            "Fünf Karten einer Farbe und zugleich fünf einer Zahl (eine Karte gehört zu beiden) sind ein ZERO. "
            "Es zählt null Punkte und beendet die Runde sofort, auch mitten in den letzten Zügen. Wer ein ZERO "
            "schon beim Geben erhält, beendet die Runde, bevor jemand spielt.",
        )),
        ("Auf diesem Tablet spielen", (
            "Tippe eine Karte deiner Hand an, dann eine Karte der Auslage, dann bestätige den Tausch. Tippe eine "
            "gewählte Karte noch einmal an oder nimm Abbrechen, um es dir anders zu überlegen.",
            "Sobald du eine Karte deiner Hand gewählt hast, zeigt jede Karte der Auslage, was deine Hand mit ihr "
            "zählen würde; wählst du zuerst eine Karte der Auslage, zeigen es die Karten deiner Hand.",
            "Spielen mehrere Menschen, verdeckt der Bildschirm deine Hand und bittet um Weitergabe des Tablets, "
            "sobald jemand anderes dran ist. Tasten: Tab und Pfeiltasten wechseln die Karte, Enter oder "
            "Leertaste wählt, K klopft, Escape bricht ab.",
        )),
    ),
}


def rules_sections(lang: str) -> tuple[Section, ...]:
    """The rules page in ``lang`` (English if unknown), as (heading, paragraphs) sections."""
    return RULES.get(lang, RULES["en"])
