"""The bots' action model, fitted by ``research/fit_actions.py`` on rounds of strong play (generated:
rerun the script with ``--write``, never edit by hand). ``beliefs.FITTED`` reads it."""

FITTED = {'source': 'ismcts in every seat, seeds 5000..5007',
 'rounds': 8,
 'swaps': 211,
 'final_moves': 14,
 'knock_chances': 204,
 'swap_temperature': 6.223,
 'final_temperature': 0.578,
 'knock1': (-1.6498, -0.1765, 0.4694),
 'knock2': (3.7982, -0.7166, 0.3667),
 'hand_temperature': 0.0,
 'hand_bias': -0.228}
