"""The parts of tools/gen/gen_perft_data.py, the generator of the perft test data."""
