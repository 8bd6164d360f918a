//! `jaque.Diagnostic` and `jaque.Suggestion`: their attributes are the library's field
//! lists (`jaque::pgn::fields`), so a field added there is an attribute here, named as in
//! the JSON.

use jaque::pgn::fields::{
    DIAGNOSTIC_FIELDS, Field, Kind, PlacedSuggestion, SUGGESTION_FIELDS, Value,
};
use jaque::pgn::{GameDiagnostic, LineIndex};
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A problem in a game: its code, severity, message and place, and the suggested fixes;
/// attributes named as in `jaque check --json` (`Diagnostic.fields` lists them).
#[pyclass(module = "jaque", frozen)]
pub struct Diagnostic {
    /// The values of `DIAGNOSTIC_FIELDS`, in order.
    values: Vec<Py<PyAny>>,
    suggestions: Vec<Py<Suggestion>>,
}

/// A suggested replacement of a span of the input (`Suggestion.fields` lists its attributes).
#[pyclass(module = "jaque", frozen)]
pub struct Suggestion {
    /// The values of `SUGGESTION_FIELDS`, in order.
    values: Vec<Py<PyAny>>,
}

impl Diagnostic {
    /// `d` as Python values; `lines` places its suggestions.
    pub fn new(py: Python<'_>, d: &GameDiagnostic, lines: &LineIndex<'_>) -> PyResult<Diagnostic> {
        let values = DIAGNOSTIC_FIELDS.iter().map(|f| python(py, f.value(d)));
        let suggestions = d.diagnostic.suggestions.iter().map(|s| {
            let placed = PlacedSuggestion::new(s, lines);
            let values = SUGGESTION_FIELDS
                .iter()
                .map(|f| python(py, f.value(&placed)));
            Py::new(
                py,
                Suggestion {
                    values: values.collect::<PyResult<_>>()?,
                },
            )
        });
        Ok(Diagnostic {
            values: values.collect::<PyResult<_>>()?,
            suggestions: suggestions.collect::<PyResult<_>>()?,
        })
    }

    fn get(&self, py: Python<'_>, name: &str) -> Option<Py<PyAny>> {
        let index = DIAGNOSTIC_FIELDS.iter().position(|f| f.name == name)?;
        self.values.get(index).map(|v| v.clone_ref(py))
    }
}

#[pymethods]
impl Diagnostic {
    /// The attributes and their Python types, in the JSON's order.
    #[classattr]
    fn fields() -> Vec<(&'static str, String)> {
        let mut fields = types(&DIAGNOSTIC_FIELDS);
        fields.push(("suggestions", "list[Suggestion]".into()));
        fields
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        if name == "suggestions" {
            let list = self.suggestions.iter().map(|s| s.clone_ref(py));
            return Ok(list
                .collect::<Vec<_>>()
                .into_pyobject(py)?
                .into_any()
                .unbind());
        }
        self.get(py, name)
            .ok_or_else(|| no_attribute("Diagnostic", name))
    }

    fn __dir__(&self) -> Vec<&'static str> {
        Self::fields().into_iter().map(|(name, _)| name).collect()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let field = |name| {
            self.get(py, name)
                .map(|v| v.bind(py).str().map(|s| s.to_string()))
        };
        let text = |name| field(name).transpose().map(Option::unwrap_or_default);
        let message = self
            .get(py, "message")
            .map(|m| m.bind(py).repr().map(|r| r.to_string()));
        Ok(format!(
            "<Diagnostic {} {} at {}:{}: {}>",
            text("severity")?,
            text("code")?,
            text("line")?,
            text("column")?,
            message.transpose()?.unwrap_or_default()
        ))
    }
}

#[pymethods]
impl Suggestion {
    /// The attributes and their Python types, in the JSON's order.
    #[classattr]
    fn fields() -> Vec<(&'static str, String)> {
        types(&SUGGESTION_FIELDS)
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        let index = SUGGESTION_FIELDS.iter().position(|f| f.name == name);
        (index.and_then(|i| self.values.get(i)))
            .map(|v| v.clone_ref(py))
            .ok_or_else(|| no_attribute("Suggestion", name))
    }

    fn __dir__(&self) -> Vec<&'static str> {
        SUGGESTION_FIELDS.iter().map(|f| f.name).collect()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: PyResult<Vec<String>> = (SUGGESTION_FIELDS.iter().zip(&self.values))
            .map(|(f, v)| Ok(format!("{}={}", f.name, v.bind(py).repr()?)))
            .collect();
        Ok(format!("<Suggestion {}>", parts?.join(" ")))
    }
}

/// A field's value as a Python object: text as `str`, a count as `int`, absent as `None`.
fn python(py: Python<'_>, value: Value<'_>) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Text(text) => PyString::new(py, text).into_any().unbind(),
        Value::Count(n) => n.into_pyobject(py)?.into_any().unbind(),
        Value::Absent => py.None(),
    })
}

/// The fields' names and Python types, as the type stubs write them.
fn types<G>(fields: &[Field<G>]) -> Vec<(&'static str, String)> {
    let python = |f: &Field<G>| {
        let kind = match f.kind {
            Kind::Text => "str".to_string(),
            Kind::Count => "int".to_string(),
            Kind::Word(words) => {
                let words: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
                format!("Literal[{}]", words.join(", "))
            }
        };
        match f.optional {
            true => (f.name, format!("{kind} | None")),
            false => (f.name, kind),
        }
    };
    fields.iter().map(python).collect()
}

fn no_attribute(class: &str, name: &str) -> PyErr {
    PyAttributeError::new_err(format!("'{class}' object has no attribute '{name}'"))
}
