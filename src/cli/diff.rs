//! Unified diffs of lines, as `diff -u` and git print them, for `fix --diff` and
//! `fmt --diff`: the shortest edit script (Myers' algorithm, in linear space by its middle
//! snakes), its changes grouped into hunks with a few lines of context around each.

use std::collections::HashMap;
use std::fmt::Write;
use std::ops::Range;

/// A line kept, removed or added, by its index in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    Keep(usize, usize),
    Remove(usize),
    Add(usize),
}

/// The unified diff of `before` to `after` (named `old` and `new` in its header), with
/// `context` lines around each change; empty when they are the same.
pub fn unified(before: &str, after: &str, (old, new): (&str, &str), context: usize) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        before.split_inclusive('\n').collect(),
        after.split_inclusive('\n').collect(),
    );
    let edits = edits(&a, &b);
    let mut out = String::new();
    for hunk in hunks(&edits, context) {
        if out.is_empty() {
            let _ = write!(out, "--- {old}\n+++ {new}\n");
        }
        let hunk = edits.get(hunk).unwrap_or_default();
        let (old_lines, new_lines) = spans(hunk);
        let _ = writeln!(out, "@@ -{} +{} @@", range(old_lines), range(new_lines));
        for edit in hunk {
            let (mark, line) = match *edit {
                Edit::Keep(i, _) => (' ', a.get(i)),
                Edit::Remove(i) => ('-', a.get(i)),
                Edit::Add(j) => ('+', b.get(j)),
            };
            let line = line.copied().unwrap_or_default();
            out.push(mark);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

/// The lines of each text a hunk covers.
fn spans(hunk: &[Edit]) -> (Range<usize>, Range<usize>) {
    let (mut old, mut new) = (None::<Range<usize>>, None::<Range<usize>>);
    let extend = |span: &mut Option<Range<usize>>, line: usize| {
        let range = span.get_or_insert(line..line);
        range.end = line + 1;
    };
    // A hunk that only adds (or only removes) still says where: before the next line kept.
    let (mut next_old, mut next_new) = (0, 0);
    for edit in hunk {
        match *edit {
            Edit::Keep(i, j) => {
                extend(&mut old, i);
                extend(&mut new, j);
                (next_old, next_new) = (i + 1, j + 1);
            }
            Edit::Remove(i) => {
                extend(&mut old, i);
                next_old = i + 1;
            }
            Edit::Add(j) => {
                extend(&mut new, j);
                next_new = j + 1;
            }
        }
    }
    let first_old = hunk.iter().find_map(|e| match *e {
        Edit::Keep(i, _) | Edit::Remove(i) => Some(i),
        Edit::Add(_) => None,
    });
    let first_new = hunk.iter().find_map(|e| match *e {
        Edit::Keep(_, j) | Edit::Add(j) => Some(j),
        Edit::Remove(_) => None,
    });
    let empty = |first: Option<usize>, next| first.unwrap_or(next);
    (
        old.unwrap_or_else(|| empty(first_old, next_old)..empty(first_old, next_old)),
        new.unwrap_or_else(|| empty(first_new, next_new)..empty(first_new, next_new)),
    )
}

/// A hunk header's range as GNU diff writes it: the first line (from 1) and the count, the
/// count left out when it is one, and an empty range named by the line before it.
fn range(lines: Range<usize>) -> String {
    match lines.len() {
        1 => format!("{}", lines.start + 1),
        0 => format!("{},0", lines.start),
        n => format!("{},{n}", lines.start + 1),
    }
}

/// The hunks of `edits`: each change with up to `context` lines kept around it, changes
/// closer than twice that in one hunk.
fn hunks(edits: &[Edit], context: usize) -> Vec<Range<usize>> {
    let changed: Vec<usize> = (edits.iter().enumerate())
        .filter(|(_, e)| !matches!(e, Edit::Keep(..)))
        .map(|(at, _)| at)
        .collect();
    let mut hunks: Vec<Range<usize>> = Vec::new();
    for at in changed {
        let (start, end) = (
            at.saturating_sub(context),
            (at + 1 + context).min(edits.len()),
        );
        match hunks.last_mut() {
            Some(last) if start <= last.end => last.end = end,
            _ => hunks.push(start..end),
        }
    }
    hunks
}

/// The shortest edit script from `a` to `b`.
fn edits<'t>(a: &[&'t str], b: &[&'t str]) -> Vec<Edit> {
    // Lines compared as numbers: equal lines get the same.
    let mut ids: HashMap<&'t str, u32> = HashMap::new();
    let mut number = |lines: &[&'t str]| -> Vec<u32> {
        (lines.iter())
            .map(|&line| {
                let next = ids.len() as u32;
                *ids.entry(line).or_insert(next)
            })
            .collect()
    };
    let (a, b) = (number(a), number(b));
    let mut script = Script {
        a: &a,
        b: &b,
        forward: Vec::new(),
        backward: Vec::new(),
        edits: Vec::with_capacity(a.len().max(b.len())),
    };
    script.diff(0..a.len(), 0..b.len());
    let mut edits = script.edits;
    // Within each run of changes, the lines removed before those added, as diff prints them.
    for run in edits.split_mut(|edit| matches!(edit, Edit::Keep(..))) {
        run.sort_by_key(|edit| matches!(edit, Edit::Add(_)));
    }
    edits
}

/// Myers' linear-space algorithm: the middle snake of a box splits it in two, each solved
/// the same way, the box's common ends first taken off.
struct Script<'a> {
    a: &'a [u32],
    b: &'a [u32],
    forward: Vec<isize>,
    backward: Vec<isize>,
    edits: Vec<Edit>,
}

impl Script<'_> {
    /// Appends the edits of `a[x]` to `b[y]`. The recursion halves the edit distance at each
    /// level: its depth is the distance's logarithm, whatever the input.
    fn diff(&mut self, mut x: Range<usize>, mut y: Range<usize>) {
        let a_at = |i: usize| self.a.get(i).copied();
        let b_at = |j: usize| self.b.get(j).copied();
        let mut tail = Vec::new();
        while !x.is_empty() && !y.is_empty() && a_at(x.start) == b_at(y.start) {
            self.edits.push(Edit::Keep(x.start, y.start));
            (x.start, y.start) = (x.start + 1, y.start + 1);
        }
        while !x.is_empty() && !y.is_empty() && a_at(x.end - 1) == b_at(y.end - 1) {
            (x.end, y.end) = (x.end - 1, y.end - 1);
            tail.push(Edit::Keep(x.end, y.end));
        }
        if x.is_empty() {
            self.edits.extend(y.clone().map(Edit::Add));
        } else if y.is_empty() {
            self.edits.extend(x.clone().map(Edit::Remove));
        } else {
            let (mx, my) = self.middle(x.clone(), y.clone());
            self.diff(x.start..mx, y.start..my);
            self.diff(mx..x.end, my..y.end);
        }
        self.edits.extend(tail.into_iter().rev());
    }

    /// A point on the middle snake of the box `x` by `y` (both non-empty, their ends
    /// different): where a shortest path through it crosses half its length.
    fn middle(&mut self, x: Range<usize>, y: Range<usize>) -> (usize, usize) {
        let (n, m) = (x.len() as isize, y.len() as isize);
        let (a, b) = (&self.a[x.clone()], &self.b[y.clone()]);
        let max = ((n + m + 1) / 2) as usize + 1;
        let delta = n - m;
        let odd = delta % 2 != 0;
        let size = 2 * max + 1;
        self.forward.clear();
        self.forward.resize(size, 0);
        self.backward.clear();
        self.backward.resize(size, 0);
        let at = |k: isize| (k + max as isize) as usize;
        for d in 0..max as isize {
            for k in (-d..=d).rev().step_by(2) {
                let mut i = match k == -d
                    || (k != d && self.forward[at(k - 1)] < self.forward[at(k + 1)])
                {
                    true => self.forward[at(k + 1)],
                    false => self.forward[at(k - 1)] + 1,
                };
                let mut j = i - k;
                while i < n && j < m && a[i as usize] == b[j as usize] {
                    (i, j) = (i + 1, j + 1);
                }
                self.forward[at(k)] = i;
                let c = delta - k;
                if odd && (-(d - 1)..=d - 1).contains(&c) && i + self.backward[at(c)] >= n {
                    return (x.start + i as usize, y.start + j as usize);
                }
            }
            for k in (-d..=d).rev().step_by(2) {
                let mut i = match k == -d
                    || (k != d && self.backward[at(k - 1)] < self.backward[at(k + 1)])
                {
                    true => self.backward[at(k + 1)],
                    false => self.backward[at(k - 1)] + 1,
                };
                let mut j = i - k;
                while i < n && j < m && a[(n - i - 1) as usize] == b[(m - j - 1) as usize] {
                    (i, j) = (i + 1, j + 1);
                }
                self.backward[at(k)] = i;
                let c = delta - k;
                if !odd && (-d..=d).contains(&c) && i + self.forward[at(c)] >= n {
                    return (x.start + (n - i) as usize, y.start + (m - j) as usize);
                }
            }
        }
        // A path of at most n + m edits always meets: not reached.
        (x.start, y.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The length of the longest common subsequence, by the textbook table: the oracle of
    /// the edit script's length (a shortest script keeps exactly that many lines).
    fn lcs(a: &[&str], b: &[&str]) -> usize {
        let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                table[i + 1][j + 1] = match x == y {
                    true => table[i][j] + 1,
                    false => table[i][j + 1].max(table[i + 1][j]),
                };
            }
        }
        table[a.len()][b.len()]
    }

    /// Random texts of few distinct lines (so with many common ones): the script is valid
    /// (it turns `a` into `b`) and shortest (it keeps as many lines as the table finds).
    #[test]
    fn the_script_is_valid_and_as_short_as_the_longest_common_subsequence_allows() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let lines = ["a\n", "b\n", "c\n", "d\n"];
        for _ in 0..2000 {
            let (n, m) = (next(12), next(12));
            let a: Vec<&str> = (0..n).map(|_| lines[next(4) as usize]).collect();
            let b: Vec<&str> = (0..m).map(|_| lines[next(4) as usize]).collect();
            let script = edits(&a, &b);
            let kept = script
                .iter()
                .filter(|e| matches!(e, Edit::Keep(..)))
                .count();
            assert_eq!(kept, lcs(&a, &b), "{a:?} {b:?}");
            let (mut old, mut new) = (Vec::new(), Vec::new());
            for edit in &script {
                match *edit {
                    Edit::Keep(i, j) => {
                        assert_eq!(a[i], b[j]);
                        old.push(i);
                        new.push(j);
                    }
                    Edit::Remove(i) => old.push(i),
                    Edit::Add(j) => new.push(j),
                }
            }
            assert_eq!(old, (0..a.len()).collect::<Vec<_>>());
            assert_eq!(new, (0..b.len()).collect::<Vec<_>>());
        }
    }

    /// The hunk of GNU diff's `diff -U1` for the same texts, header and ranges included.
    #[test]
    fn a_hunk_reads_as_gnu_diff_writes_it() {
        let before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        let after = "1\n2\nthree\n4\n5\n6\n7\n9\nten";
        let expected = "--- a\n+++ b\n@@ -2,3 +2,3 @@\n 2\n-3\n+three\n 4\n@@ -7,3 +7,3 @@\n 7\n\
                        -8\n 9\n+ten\n\\ No newline at end of file\n";
        assert_eq!(unified(before, after, ("a", "b"), 1), expected);
        assert_eq!(unified(before, before, ("a", "b"), 1), "");
        let added = "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n";
        assert_eq!(unified("", "x\n", ("a", "b"), 2), added);
    }
}
