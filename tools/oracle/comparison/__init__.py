"""The parts of tools/oracle/compare_python_chess.py: jaque against python-chess, game by game."""
