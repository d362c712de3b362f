"""The bots' action model, fitted by ``research/fit_actions.py`` on rounds of strong play (generated:
rerun the script with ``--write``, never edit by hand). ``beliefs.FITTED`` reads it."""

FITTED = {'source': 'ismcts in every seat, seeds 5000..5004',
 'rounds': 5,
 'swaps': 128,
 'final_moves': 8,
 'knock_chances': 123,
 'swap_temperature': 5.411,
 'final_temperature': 0.25,
 'knock1': (-1.6263, -0.2263, 0.6902),
 'knock2': (5.2603, -3.1134, 2.1993)}
