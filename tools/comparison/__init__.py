"""The parts of tools/compare_python_chess.py: jaque against python-chess, game by game."""
