"""The parts of tools/gen_pgn_cases.py, the generator of generated.pgn."""
