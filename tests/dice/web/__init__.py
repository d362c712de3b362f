"""Pig's page: its state, screens and painter as a plug-in of the shell."""
