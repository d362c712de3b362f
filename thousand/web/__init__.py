"""The quiz's part of the page: its texts and, later, its presenters (pure Python; the shell is ``zero_game.web``)."""
