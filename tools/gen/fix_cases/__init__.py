"""The parts of tools/gen/gen_fix_cases.py, the generator of `jaque fix`'s test corpus."""
