"""The parts of tools/gen/gen_select_cases.py: the games of select.pgn and what each
`jaque select` command line selects, by python-chess."""
