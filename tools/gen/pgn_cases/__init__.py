"""The parts of tools/gen/gen_pgn_cases.py, the generator of generated.pgn."""
