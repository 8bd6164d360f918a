"""The examples in the package's docstrings run and give what they show (the same examples
`pytest --doctest-modules --pyargs jaque` runs)."""

import doctest

import jaque


def test_every_docstring_example_holds():
    results = doctest.testmod(jaque, optionflags=doctest.ELLIPSIS, verbose=False)
    assert results.attempted >= 20, "the examples were not found"
    assert results.failed == 0
