//! The patterns of a `.gitignore` file as git reads them (gitignore(5)): comments, `!`
//! negation, a trailing `/` for directories, anchoring by a leading or middle `/`, `*`, `?`,
//! `[...]`, `**`, backslash escapes, the last match winning. Matched here, without a regular
//! expression engine, so that walking a directory pulls no regex crates into the build.

use std::path::{Path, PathBuf};

/// What the patterns of one file say of a path, when one of them matches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A pattern excludes it.
    Ignored,
    /// A `!` pattern brings it back.
    Kept,
}

/// The patterns of one ignore file, and the directory they are relative to.
pub struct Rules {
    base: PathBuf,
    patterns: Vec<Pattern>,
}

/// One line of an ignore file.
struct Pattern {
    tokens: Vec<Token>,
    negated: bool,
    directories_only: bool,
    /// A pattern without a `/` but at its end matches a name at any depth; others match
    /// the path from the file's directory.
    anchored: bool,
}

/// A piece of a pattern, as wildmatch (git's matcher, with `WM_PATHNAME`) reads it.
#[derive(Debug)]
enum Token {
    Char(char),
    /// `?`: a character other than `/`.
    One,
    /// `[...]`: a character other than `/`, in the set or, negated, out of it.
    Class {
        negated: bool,
        items: Vec<Item>,
    },
    /// `*`: characters other than `/`.
    Star,
    /// `**/` at the start or after a `/`: no directory or several (`a/`, `a/b/`).
    Dirs,
    /// `/**` at the end: anything.
    Rest,
    /// A pattern git cannot match (an unclosed `[`, a trailing `\`).
    Never,
}

/// An item of a bracket expression.
#[derive(Debug)]
enum Item {
    Range(char, char),
    /// `[:alpha:]` and the other POSIX classes.
    Named(fn(char) -> bool),
}

impl Rules {
    /// The patterns of the file at `path`, relative to `base` (its directory; the repository
    /// for `.git/info/exclude`); `None` when it cannot be read (most directories have none).
    pub fn read(path: &Path, base: &Path) -> Option<Rules> {
        let bytes = std::fs::read(path).ok()?;
        Some(Rules::parse(&String::from_utf8_lossy(&bytes), base))
    }

    /// The patterns of `text`, relative to `base`.
    pub fn parse(text: &str, base: &Path) -> Rules {
        let patterns = text.split('\n').filter_map(Pattern::parse).collect();
        let base = base.to_path_buf();
        Rules { base, patterns }
    }

    /// What the last pattern matching `path` (absolute, as `base` is) says of it, if any.
    pub fn verdict(&self, path: &Path, is_dir: bool) -> Option<Verdict> {
        let relative = path.strip_prefix(&self.base).ok()?;
        let relative: Vec<String> = relative
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        let name: Vec<char> = relative.last()?.chars().collect();
        let whole: Vec<char> = relative.join("/").chars().collect();
        let pattern = self.patterns.iter().rev().find(|pattern| {
            (is_dir || !pattern.directories_only)
                && matches(
                    &pattern.tokens,
                    if pattern.anchored { &whole } else { &name },
                )
        })?;
        Some(if pattern.negated {
            Verdict::Kept
        } else {
            Verdict::Ignored
        })
    }
}

impl Pattern {
    /// The pattern of one line, or `None` for a blank line or a comment.
    fn parse(line: &str) -> Option<Pattern> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.starts_with('#') {
            return None;
        }
        let mut text = trim_trailing_spaces(line);
        let negated = text.starts_with('!');
        if negated {
            text = &text[1..];
        }
        let directories_only = text.ends_with('/');
        if directories_only {
            text = &text[..text.len() - 1];
        }
        if text.is_empty() {
            return None;
        }
        let anchored = text.contains('/');
        let text = text.strip_prefix('/').unwrap_or(text);
        Some(Pattern {
            tokens: tokens(text),
            negated,
            directories_only,
            anchored,
        })
    }
}

/// `line` without its trailing spaces, but for one escaped by a backslash.
fn trim_trailing_spaces(line: &str) -> &str {
    let (mut end, mut escaped) = (0, false);
    for (at, c) in line.char_indices() {
        if escaped {
            escaped = false;
            end = at + c.len_utf8();
        } else if c == '\\' {
            escaped = true;
            end = at + 1;
        } else if c != ' ' {
            end = at + c.len_utf8();
        }
    }
    &line[..end]
}

/// The tokens of a pattern's text (its leading `/` and trailing `/` already taken off).
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        at += 1;
        let token = match c {
            '\\' => match chars.get(at) {
                Some(&escaped) => {
                    at += 1;
                    Token::Char(escaped)
                }
                None => Token::Never,
            },
            '?' => Token::One,
            '[' => match class(&chars, at) {
                Some((token, next)) => {
                    at = next;
                    token
                }
                None => Token::Never,
            },
            '*' => {
                let stars = chars[at - 1..].iter().take_while(|&&c| c == '*').count();
                at += stars - 1;
                let starts_a_name = at == stars || chars.get(at - stars - 1) == Some(&'/');
                match chars.get(at) {
                    Some('/') if stars >= 2 && starts_a_name => {
                        at += 1;
                        Token::Dirs
                    }
                    None if stars >= 2 && starts_a_name && at > stars => Token::Rest,
                    _ => Token::Star,
                }
            }
            c => Token::Char(c),
        };
        tokens.push(token);
    }
    tokens
}

/// The bracket expression whose content starts at `at`, and where the text after it starts;
/// `None` when it is not closed.
fn class(chars: &[char], mut at: usize) -> Option<(Token, usize)> {
    let negated = matches!(chars.get(at), Some('!' | '^'));
    at += usize::from(negated);
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let mut c = *chars.get(at)?;
        at += 1;
        if c == ']' && !first {
            return Some((Token::Class { negated, items }, at));
        }
        first = false;
        if c == '[' && chars.get(at) == Some(&':') {
            let rest: String = chars[at + 1..].iter().collect();
            let name = rest.split(":]").next().filter(|_| rest.contains(":]"))?;
            items.push(Item::Named(posix_class(name)?));
            at += name.chars().count() + 3;
            continue;
        }
        if c == '\\' {
            c = *chars.get(at)?;
            at += 1;
        }
        let mut last = c;
        if chars.get(at) == Some(&'-') && chars.get(at + 1).is_some_and(|&n| n != ']') {
            last = *chars.get(at + 1)?;
            at += 2;
            if last == '\\' {
                last = *chars.get(at)?;
                at += 1;
            }
        }
        items.push(Item::Range(c, last));
    }
}

/// The test of a POSIX class by its name, as wildmatch knows them.
fn posix_class(name: &str) -> Option<fn(char) -> bool> {
    Some(match name {
        "alnum" => |c: char| c.is_ascii_alphanumeric(),
        "alpha" => |c: char| c.is_ascii_alphabetic(),
        "blank" => |c: char| c == ' ' || c == '\t',
        "cntrl" => |c: char| c.is_ascii_control(),
        "digit" => |c: char| c.is_ascii_digit(),
        "graph" => |c: char| c.is_ascii_graphic(),
        "lower" => |c: char| c.is_ascii_lowercase(),
        "print" => |c: char| c.is_ascii_graphic() || c == ' ',
        "punct" => |c: char| c.is_ascii_punctuation(),
        "space" => |c: char| c.is_ascii_whitespace() || c == '\x0b',
        "upper" => |c: char| c.is_ascii_uppercase(),
        "xdigit" => |c: char| c.is_ascii_hexdigit(),
        _ => return None,
    })
}

/// Whether `tokens` match the whole of `text`: a table of which prefixes of the text the
/// first tokens match, a row a token, so a pattern of many stars takes no backtracking.
fn matches(tokens: &[Token], text: &[char]) -> bool {
    let mut row = vec![false; text.len() + 1];
    row[0] = true;
    for token in tokens {
        let mut next = vec![false; text.len() + 1];
        let mut seen = false;
        for j in 0..=text.len() {
            let before = j.checked_sub(1).map(|i| (row[i], text[i]));
            next[j] = match token {
                Token::Star => row[j] || (j > 0 && next[j - 1] && text[j - 1] != '/'),
                Token::Rest => row[j] || (j > 0 && next[j - 1]),
                Token::Dirs => {
                    let reached = seen && j > 0 && text[j - 1] == '/';
                    seen |= row[j];
                    row[j] || reached
                }
                Token::Never => false,
                single => before.is_some_and(|(from, c)| from && matches_one(single, c)),
            };
        }
        row = next;
    }
    row[text.len()]
}

/// Whether a token that stands for one character matches `c`.
fn matches_one(token: &Token, c: char) -> bool {
    match token {
        Token::Char(wanted) => c == *wanted,
        Token::One => c != '/',
        Token::Class { negated, items } => {
            let within = items.iter().any(|item| match item {
                Item::Range(low, high) => (*low..=*high).contains(&c),
                Item::Named(test) => test(c),
            });
            c != '/' && within != *negated
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(patterns: &str, path: &str, is_dir: bool) -> Option<Verdict> {
        let rules = Rules::parse(patterns, Path::new("/r"));
        rules.verdict(&Path::new("/r").join(path), is_dir)
    }

    #[test]
    fn stars_and_anchors_follow_gitignore_5() {
        // The examples of gitignore(5).
        let ignored = |patterns, path| verdict(patterns, path, false) == Some(Verdict::Ignored);
        assert!(ignored("doc/frotz", "doc/frotz"));
        assert!(!ignored("doc/frotz", "a/doc/frotz"));
        assert!(ignored("frotz", "a/frotz"));
        assert!(ignored("**/foo", "a/b/foo"));
        assert!(ignored("abc/**", "abc/x/y"));
        assert!(!ignored("abc/**", "abc"));
        assert!(ignored("a/**/b", "a/b"));
        assert!(ignored("a/**/b", "a/x/y/b"));
        assert!(!ignored("a/*/b", "a/x/y/b"));
        assert!(ignored("*.pgn\n!keep.pgn\n", "x.pgn"));
        assert_eq!(
            verdict("*.pgn\n!keep.pgn\n", "keep.pgn", false),
            Some(Verdict::Kept)
        );
        assert!(!ignored("out/", "out"));
        assert_eq!(verdict("out/", "out", true), Some(Verdict::Ignored));
        assert!(ignored("[a-c]?.pgn", "bx.pgn"));
        assert!(!ignored("[!a-c]?.pgn", "bx.pgn"));
        assert!(!ignored("x[", "x["), "an unclosed class matches nothing");
    }
}
