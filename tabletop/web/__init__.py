"""The browser side of the shell: the only part of ``tabletop`` that imports ``pyscript`` and ``js``."""
