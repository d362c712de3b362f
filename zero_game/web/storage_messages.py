"""Texts for the storage layer's problems and choices, in English, French and German.

Keys are ``"storage.<code>"`` (see ``Problem.message_key``); merge each language's dict into the page's
message table. Placeholders: ``{added}`` and ``{duplicates}`` in ``storage.imported``; ``{kept}`` and ``{lost}`` in
``storage.at-risk`` (lists built by ``storage.at_risk_params``); ``{count}`` in the list items.
"""

from __future__ import annotations

STORAGE_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "storage.storage-unavailable": (
            "This browser does not let Zero save anything here (site data is switched off or blocked). "
            "You can play, but nothing will be kept once this page is closed."
        ),
        "storage.write-failed": (
            "Zero could not save on this device: its storage is full or switched off. Play goes on: download "
            "what is not kept, or free space."
        ),
        "storage.at-risk": "Kept on this device: {kept}. Not kept: {lost}.",
        "storage.corrupt-sheet": (
            "Part of the saved score sheet could not be read. Everything still valid has been kept, and the "
            "original is kept as a backup that you can export."
        ),
        "storage.corrupt-game": (
            "The saved match could not be read, so it cannot be resumed. The original is kept as a backup "
            "that you can export."
        ),
        "storage.backup-failed": (
            "Saved data could not be read, and there is no room to back it up. Zero leaves it untouched "
            "and saves nothing over it until you have downloaded it."
        ),
        "storage.newer-sheet": (
            "The score sheet was saved by a newer version of Zero. It is left untouched, and matches played "
            "here are not added to it. Update the game to use it."
        ),
        "storage.newer-game": (
            "The saved match comes from a newer version of Zero. It is left untouched, and games played here "
            "are not saved over it. Update the game to resume it."
        ),
        "storage.conflict": (
            "This match was changed in another tab or window. Load the match from there, or keep playing "
            "here and replace it."
        ),
        "storage.bad-import": (
            "This file could not be imported: it is not a Zero score sheet, or it is damaged. Nothing was changed."
        ),
        "storage.newer-import": (
            "This file comes from a newer version of Zero. Update the game to import it. Nothing was changed."
        ),
        "storage.sheet-changed": "The score sheet was updated in another tab.",
        "storage.imported": "Matches added: {added}. Already on the sheet: {duplicates}.",
        "storage.load-theirs": "Load the other tab's match",
        "storage.keep-mine": "Keep playing here",
        "storage.export": "Export the score sheet (JSON)",
        "storage.export-csv": "Export the rounds (CSV)",
        "storage.import": "Import a score sheet",
        "storage.export-backup": "Export the backup",
        "storage.clear": "Clear history",
        "storage.clear-confirm": (
            "Delete every finished match from the score sheet on this device? This cannot be undone: "
            "export the sheet first to keep a copy."
        ),
        "storage.kept-sheet": "the score sheet (finished matches: {count})",
        "storage.kept-match": "the match in progress, as last saved",
        "storage.lost-match": "the latest moves of the match in progress",
        "storage.lost-finished": "finished matches not on the sheet: {count}",
        "storage.lost-damaged": "damaged saved data that could not be backed up",
        "storage.nothing": "nothing",
        "storage.export-rescue": "Download what is not kept",
        "storage.free-space": "Free space: download the sheet, then keep only its newest half here",
        "storage.details": "Details",
    },
    "fr": {
        "storage.storage-unavailable": (
            "Ce navigateur ne permet pas à Zero d'enregistrer quoi que ce soit ici (données de site désactivées "
            "ou bloquées). Vous pouvez jouer, mais rien ne sera conservé après la fermeture de la page."
        ),
        "storage.write-failed": (
            "Zero n'a pas pu enregistrer sur cet appareil : le stockage est plein ou désactivé. La partie "
            "continue : téléchargez ce qui n'est pas conservé, ou libérez de la place."
        ),
        "storage.at-risk": "Conservé sur cet appareil : {kept}. Non conservé : {lost}.",
        "storage.corrupt-sheet": (
            "Une partie de la feuille de score enregistrée est illisible. Tout ce qui est valide a été gardé, "
            "et l'original est conservé dans une sauvegarde que vous pouvez exporter."
        ),
        "storage.corrupt-game": (
            "La partie enregistrée est illisible et ne peut pas être reprise. L'original est conservé dans une "
            "sauvegarde que vous pouvez exporter."
        ),
        "storage.backup-failed": (
            "Des données enregistrées sont illisibles et la place manque pour les sauvegarder. Zero n'y "
            "touche pas et n'écrit rien par-dessus tant que vous ne les avez pas téléchargées."
        ),
        "storage.newer-sheet": (
            "La feuille de score a été enregistrée par une version plus récente de Zero. Elle reste intacte, "
            "et les parties jouées ici n'y sont pas ajoutées. Mettez le jeu à jour pour l'utiliser."
        ),
        "storage.newer-game": (
            "La partie enregistrée vient d'une version plus récente de Zero. Elle reste intacte, et les "
            "parties jouées ici ne l'écrasent pas. Mettez le jeu à jour pour la reprendre."
        ),
        "storage.conflict": (
            "Cette partie a été modifiée dans un autre onglet ou une autre fenêtre. Chargez la partie de "
            "là-bas, ou continuez ici et remplacez-la."
        ),
        "storage.bad-import": (
            "Ce fichier n'a pas pu être importé : ce n'est pas une feuille de score de Zero, ou il est "
            "endommagé. Rien n'a été modifié."
        ),
        "storage.newer-import": (
            "Ce fichier vient d'une version plus récente de Zero. Mettez le jeu à jour pour l'importer. "
            "Rien n'a été modifié."
        ),
        "storage.sheet-changed": "La feuille de score a été mise à jour dans un autre onglet.",
        "storage.imported": "Parties ajoutées : {added}. Déjà sur la feuille : {duplicates}.",
        "storage.load-theirs": "Charger la partie de l'autre onglet",
        "storage.keep-mine": "Continuer ici",
        "storage.export": "Exporter la feuille de score (JSON)",
        "storage.export-csv": "Exporter les manches (CSV)",
        "storage.import": "Importer une feuille de score",
        "storage.export-backup": "Exporter la sauvegarde",
        "storage.clear": "Effacer l'historique",
        "storage.clear-confirm": (
            "Supprimer toutes les parties terminées de la feuille de score sur cet appareil ? C'est "
            "définitif : exportez d'abord la feuille pour en garder une copie."
        ),
        "storage.kept-sheet": "la feuille de score (parties terminées : {count})",
        "storage.kept-match": "la partie en cours, telle qu'enregistrée en dernier",
        "storage.lost-match": "les derniers coups de la partie en cours",
        "storage.lost-finished": "parties terminées absentes de la feuille : {count}",
        "storage.lost-damaged": "des données endommagées qui n'ont pas pu être sauvegardées",
        "storage.nothing": "rien",
        "storage.export-rescue": "Télécharger ce qui n'est pas conservé",
        "storage.free-space": (
            "Libérer de la place : télécharger la feuille, puis n'en garder ici que la moitié la plus récente"
        ),
        "storage.details": "Détails",
    },
    "de": {
        "storage.storage-unavailable": (
            "Dieser Browser lässt Zero hier nichts speichern (Website-Daten sind ausgeschaltet oder blockiert). "
            "Ihr könnt spielen, aber nach dem Schließen der Seite bleibt nichts erhalten."
        ),
        "storage.write-failed": (
            "Zero konnte auf diesem Gerät nicht speichern: Der Speicher ist voll oder ausgeschaltet. Das Spiel "
            "geht weiter: Ladet herunter, was nicht erhalten ist, oder schafft Platz."
        ),
        "storage.at-risk": "Auf diesem Gerät erhalten: {kept}. Nicht erhalten: {lost}.",
        "storage.corrupt-sheet": (
            "Ein Teil des gespeicherten Punktezettels ist unlesbar. Alles Gültige wurde behalten, und das "
            "Original liegt in einer Sicherung, die ihr exportieren könnt."
        ),
        "storage.corrupt-game": (
            "Die gespeicherte Partie ist unlesbar und kann nicht fortgesetzt werden. Das Original liegt in "
            "einer Sicherung, die ihr exportieren könnt."
        ),
        "storage.backup-failed": (
            "Gespeicherte Daten sind unlesbar, und für eine Sicherung fehlt der Platz. Zero lässt sie "
            "unverändert und speichert nichts darüber, bis ihr sie heruntergeladen habt."
        ),
        "storage.newer-sheet": (
            "Der Punktezettel wurde von einer neueren Version von Zero gespeichert. Er bleibt unverändert, "
            "und hier gespielte Partien werden nicht eingetragen. Aktualisiert das Spiel, um ihn zu nutzen."
        ),
        "storage.newer-game": (
            "Die gespeicherte Partie stammt aus einer neueren Version von Zero. Sie bleibt unverändert, und "
            "hier gespielte Partien überschreiben sie nicht. Aktualisiert das Spiel, um sie fortzusetzen."
        ),
        "storage.conflict": (
            "Diese Partie wurde in einem anderen Tab oder Fenster geändert. Ladet die Partie von dort, oder "
            "spielt hier weiter und ersetzt sie."
        ),
        "storage.bad-import": (
            "Diese Datei konnte nicht importiert werden: Sie ist kein Punktezettel von Zero oder beschädigt. "
            "Es wurde nichts geändert."
        ),
        "storage.newer-import": (
            "Diese Datei stammt aus einer neueren Version von Zero. Aktualisiert das Spiel, um sie zu "
            "importieren. Es wurde nichts geändert."
        ),
        "storage.sheet-changed": "Der Punktezettel wurde in einem anderen Tab aktualisiert.",
        "storage.imported": "Hinzugefügte Partien: {added}. Schon auf dem Zettel: {duplicates}.",
        "storage.load-theirs": "Partie aus dem anderen Tab laden",
        "storage.keep-mine": "Hier weiterspielen",
        "storage.export": "Punktezettel exportieren (JSON)",
        "storage.export-csv": "Runden exportieren (CSV)",
        "storage.import": "Punktezettel importieren",
        "storage.export-backup": "Sicherung exportieren",
        "storage.clear": "Verlauf löschen",
        "storage.clear-confirm": (
            "Alle beendeten Partien auf diesem Gerät vom Punktezettel löschen? Das lässt sich nicht rückgängig "
            "machen: Exportiert den Zettel vorher, um eine Kopie zu behalten."
        ),
        "storage.kept-sheet": "der Punktezettel (beendete Partien: {count})",
        "storage.kept-match": "die laufende Partie, wie zuletzt gespeichert",
        "storage.lost-match": "die letzten Züge der laufenden Partie",
        "storage.lost-finished": "beendete Partien, die nicht auf dem Zettel stehen: {count}",
        "storage.lost-damaged": "beschädigte Daten, die nicht gesichert werden konnten",
        "storage.nothing": "nichts",
        "storage.export-rescue": "Herunterladen, was nicht erhalten ist",
        "storage.free-space": "Platz schaffen: Zettel herunterladen, dann hier nur die neuere Hälfte behalten",
        "storage.details": "Details",
    },
}
