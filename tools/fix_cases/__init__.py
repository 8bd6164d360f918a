"""The parts of tools/gen_fix_cases.py, the generator of `jaque fix`'s test corpus."""
