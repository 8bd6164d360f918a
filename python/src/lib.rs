//! The Python package `jaque`: the library's reader, checker, tables and positions, with
//! Python's names and errors. Nothing here decides anything about chess or PGN; it converts.

use pyo3::prelude::*;

mod arrow_source;
mod diagnostic;
mod errors;
mod game;
mod index;
mod position;
mod reading;
mod returns;
mod selecting;
mod settings;
mod source;
mod text;

/// The extension module, re-exported by the package `jaque`.
#[pymodule]
fn _jaque(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<game::Game>()?;
    module.add_class::<diagnostic::Diagnostic>()?;
    module.add_class::<diagnostic::Suggestion>()?;
    module.add_class::<position::Position>()?;
    module.add_class::<reading::Games>()?;
    module.add_class::<index::Index>()?;
    module.add_class::<reading::ArrowStream>()?;
    module.add_function(wrap_pyfunction!(reading::read_games, module)?)?;
    module.add_function(wrap_pyfunction!(reading::read_arrow, module)?)?;
    module.add_function(wrap_pyfunction!(selecting::select, module)?)?;
    module.add_function(wrap_pyfunction!(selecting::query, module)?)?;
    module.add_function(wrap_pyfunction!(index::index, module)?)?;
    module.add_function(wrap_pyfunction!(text::check, module)?)?;
    module.add_function(wrap_pyfunction!(text::fix, module)?)?;
    module.add_function(wrap_pyfunction!(text::fmt, module)?)?;
    module.add_function(wrap_pyfunction!(game::_game, module)?)?;
    // The reading threads stop taking the GIL once the interpreter starts to end.
    let stop = wrap_pyfunction!(source::_stop_reading, module)?;
    py.import("atexit")?.call_method1("register", (stop,))?;
    module.add("ReadError", py.get_type::<errors::ReadError>())?;
    module.add("FenError", py.get_type::<errors::FenError>())?;
    module.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    module.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    module.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    Ok(())
}
