"""The quiz's rules page, in English, French and German, written for this project (see RULES-1000.md)."""

from __future__ import annotations

Section = tuple[str, tuple[str, ...]]

RULES: dict[str, tuple[Section, ...]] = {
    "en": (
        ("The aim", (
            "Be the first team with a single question card left. Every answer is a whole number from 0 to 1000, "
            "and nobody sees an answer before its card is turned over: you play by estimating.",
        )),
        ("Teams and cards", (
            "Two to four teams play. A team is one or more people sharing the tablet, or a bot; teams need not "
            "be the same size.",
            "Each team gets 6 question cards. Every team can read every question at the table, but the answers "
            "stay hidden. Each team also holds three power cards, each used at most once in a game: ±200, "
            "Change and Two questions.",
            "The first target is 500.",
        )),
        ("A round", (
            "Every team secretly picks one of its questions: the one whose answer it thinks is nearest to the "
            "target. With several teams of people, the tablet is passed from team to team and each pick is "
            "hidden behind a hand-off screen.",
            "Then the picks are turned over one team at a time, starting with the team after the one whose card "
            "became the current target (in the first round, the first team). The question is read out, its "
            "answer shown, and its distance to the target measured.",
        )),
        ("Furthest away", (
            "The team furthest from the target gives its card to the middle: the card's answer, without any "
            "power, is the next target. That team then draws one new question card.",
            "Every other team throws its played card away, which brings it one card closer to winning.",
            "If several teams are equally far, all of them draw a card; the card of the one that was revealed "
            "first becomes the target.",
        )),
        ("Power cards", (
            "±200: add or take away 200 from your card's value; you choose the side when you pick. The value may "
            "go below 0 or above 1000.",
            "Change: before you pick, swap one of your questions for the card at the bottom of the deck. You may "
            "pick the new card in the same round. Change is not a pick by itself.",
            "Two questions: play two of your cards at once and choose, before the reveal, whether their value is "
            "the sum or the difference (the larger answer minus the smaller). ±200 can be added to it. If you end "
            "up furthest, choose which of the two becomes the target, throw the other away, and draw two cards. "
            "You need at least three cards in hand to play it.",
            "You may play several power cards in the same round.",
        )),
        ("The end", (
            "After a round, a team with one card left wins. If several teams get there in the same round, each "
            "one secretly writes its guess of the answer to its last card; the nearest guess wins, and equally "
            "near guesses share the win.",
            "If the deck runs out when a card must be drawn, the game stops and the teams with the fewest cards "
            "share the win. The table warns when fewer than 10 cards are left.",
        )),
        ("The questions", (
            "The questions are written for this game, each with a source a player can check. Facts that can "
            "change carry their year; when a question asks for a rounded answer, it says how. This device "
            "remembers the questions it has shown and deals new ones first.",
        )),
    ),
    "fr": (
        ("Le but", (
            "Être la première équipe à qui il ne reste qu'une carte Question. Chaque réponse est un nombre entier "
            "de 0 à 1000, et personne ne voit une réponse avant que sa carte soit retournée : on joue à "
            "l'estimation.",
        )),
        ("Équipes et cartes", (
            "De deux à quatre équipes jouent. Une équipe, c'est une ou plusieurs personnes qui se partagent la "
            "tablette, ou un bot ; les équipes peuvent être de tailles différentes.",
            "Chaque équipe reçoit 6 cartes Question. Toutes les équipes peuvent lire toutes les questions de la "
            "table, mais les réponses restent cachées. Chaque équipe a aussi trois cartes Pouvoir, utilisables "
            "une seule fois par partie : ±200, Changer et Deux questions.",
            "La première cible est 500.",
        )),
        ("Une manche", (
            "Chaque équipe choisit en secret une de ses questions : celle dont la réponse lui semble la plus "
            "proche de la cible. S'il y a plusieurs équipes de personnes, la tablette passe d'équipe en équipe et "
            "chaque choix reste caché derrière un écran de passage.",
            "Puis les choix sont retournés une équipe après l'autre, en commençant par l'équipe qui suit celle "
            "dont la carte est devenue la cible actuelle (à la première manche, la première équipe). On lit la "
            "question, on montre sa réponse et on mesure son écart avec la cible.",
        )),
        ("La plus éloignée", (
            "L'équipe la plus éloignée de la cible pose sa carte au centre : la réponse de cette carte, sans "
            "aucun pouvoir, devient la prochaine cible. Cette équipe pioche ensuite une nouvelle carte Question.",
            "Toutes les autres équipes défaussent la carte jouée, ce qui les rapproche d'une carte de la "
            "victoire.",
            "Si plusieurs équipes sont à égale distance, toutes piochent une carte ; la carte de celle qui a été "
            "révélée en premier devient la cible.",
        )),
        ("Les cartes Pouvoir", (
            "±200 : ajoutez ou retirez 200 à la valeur de votre carte ; vous choisissez le sens en faisant votre "
            "choix. La valeur peut passer sous 0 ou dépasser 1000.",
            "Changer : avant de choisir, échangez une de vos questions contre la carte du dessous de la pioche. "
            "Vous pouvez jouer la nouvelle carte dès cette manche. Changer ne compte pas comme un choix.",
            "Deux questions : jouez deux de vos cartes à la fois et décidez, avant la révélation, si leur valeur "
            "est la somme ou la différence (la plus grande réponse moins la plus petite). ±200 peut s'y ajouter. "
            "Si vous êtes la plus éloignée, choisissez laquelle des deux devient la cible, défaussez l'autre et "
            "piochez deux cartes. Il faut avoir au moins trois cartes pour la jouer.",
            "Vous pouvez jouer plusieurs cartes Pouvoir dans la même manche.",
        )),
        ("La fin", (
            "Après une manche, l'équipe à qui il ne reste qu'une carte gagne. Si plusieurs équipes y arrivent "
            "dans la même manche, chacune écrit en secret son estimation de la réponse de sa dernière carte ; "
            "l'estimation la plus proche gagne, et des estimations aussi proches partagent la victoire.",
            "Si la pioche est vide au moment de piocher, la partie s'arrête et les équipes qui ont le moins de "
            "cartes partagent la victoire. La table prévient quand il reste moins de 10 cartes.",
        )),
        ("Les questions", (
            "Les questions ont été écrites pour ce jeu, chacune avec une source que l'on peut vérifier. Les "
            "faits qui peuvent changer portent leur année ; quand une question demande une réponse arrondie, "
            "elle dit comment. Cet appareil retient les questions déjà montrées et distribue d'abord les "
            "nouvelles.",
        )),
    ),
    "de": (
        ("Das Ziel", (
            "Als erstes Team nur noch eine Fragekarte übrig haben. Jede Antwort ist eine ganze Zahl von 0 bis "
            "1000, und niemand sieht eine Antwort, bevor ihre Karte umgedreht wird: Hier wird geschätzt.",
        )),
        ("Teams und Karten", (
            "Zwei bis vier Teams spielen. Ein Team sind eine oder mehrere Personen, die sich das Tablet teilen, "
            "oder ein Bot; die Teams dürfen verschieden groß sein.",
            "Jedes Team erhält 6 Fragekarten. Alle Teams können alle Fragen am Tisch lesen, die Antworten bleiben "
            "aber verborgen. Außerdem hat jedes Team drei Machtkarten, jede höchstens einmal pro Partie: ±200, "
            "Tauschen und Zwei Fragen.",
            "Die erste Zielzahl ist 500.",
        )),
        ("Eine Runde", (
            "Jedes Team wählt geheim eine seiner Fragen: die, deren Antwort es am nächsten an der Zielzahl "
            "vermutet. Spielen mehrere Teams aus Personen, wandert das Tablet von Team zu Team, und jede Wahl "
            "bleibt hinter einem Übergabebildschirm verborgen.",
            "Dann werden die Karten Team für Team aufgedeckt, beginnend mit dem Team nach dem, dessen Karte zur "
            "aktuellen Zielzahl wurde (in der ersten Runde mit dem ersten Team). Die Frage wird vorgelesen, ihre "
            "Antwort gezeigt und ihr Abstand zur Zielzahl gemessen.",
        )),
        ("Am weitesten entfernt", (
            "Das Team, das am weitesten von der Zielzahl entfernt ist, legt seine Karte in die Mitte: Ihre "
            "Antwort, ohne jede Macht, ist die nächste Zielzahl. Dieses Team zieht danach eine neue Fragekarte.",
            "Alle anderen Teams werfen ihre gespielte Karte ab und sind damit dem Sieg eine Karte näher.",
            "Sind mehrere Teams gleich weit entfernt, ziehen alle eine Karte; die Karte des Teams, das zuerst "
            "aufgedeckt wurde, wird zur Zielzahl.",
        )),
        ("Machtkarten", (
            "±200: Zähle 200 zum Wert deiner Karte hinzu oder ziehe 200 ab; die Richtung wählst du bei deiner "
            "Wahl. Der Wert darf unter 0 oder über 1000 liegen.",
            "Tauschen: Tausche vor deiner Wahl eine deiner Fragen gegen die unterste Karte des Stapels. Die neue "
            "Karte darfst du schon in dieser Runde spielen. Tauschen allein ist noch keine Wahl.",
            "Zwei Fragen: Spiele zwei deiner Karten zugleich und lege vor dem Aufdecken fest, ob ihr Wert die "
            "Summe oder die Differenz ist (die größere Antwort minus die kleinere). ±200 kann dazukommen. Bist du "
            "am weitesten entfernt, wählst du, welche der beiden zur Zielzahl wird, wirfst die andere ab und "
            "ziehst zwei Karten. Dafür brauchst du mindestens drei Karten.",
            "In derselben Runde darfst du mehrere Machtkarten spielen.",
        )),
        ("Das Ende", (
            "Hat ein Team nach einer Runde nur noch eine Karte, gewinnt es. Schaffen das mehrere Teams in "
            "derselben Runde, schreibt jedes geheim seine Schätzung der Antwort seiner letzten Karte auf; die "
            "nächste Schätzung gewinnt, gleich nahe Schätzungen teilen sich den Sieg.",
            "Ist der Stapel leer, wenn gezogen werden muss, endet die Partie, und die Teams mit den wenigsten "
            "Karten teilen sich den Sieg. Der Tisch warnt, wenn weniger als 10 Karten übrig sind.",
        )),
        ("Die Fragen", (
            "Die Fragen wurden für dieses Spiel geschrieben, jede mit einer Quelle, die man nachprüfen kann. "
            "Fakten, die sich ändern können, tragen ihr Jahr; verlangt eine Frage eine gerundete Antwort, sagt "
            "sie, wie. Dieses Gerät merkt sich die schon gezeigten Fragen und teilt zuerst neue aus.",
        )),
    ),
}
