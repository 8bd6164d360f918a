//! Things made on one thread and spent on another, handed back to be freed on the thread that
//! made them.
//!
//! glibc's malloc gives each thread an arena; a block freed on another thread goes back to
//! its own arena and takes that arena's lock, while the thread that made it allocates on: the
//! two queue at the lock, sleeping and waking, block after block. A thread also keeps caches
//! of the blocks it freed, warm for its next allocations. So what is spent elsewhere is
//! handed back, and its maker frees it at a moment of its choosing (before its next batch).
//! Both the command line's game buffers and the Python package's games measured slower
//! freed elsewhere: the bodies of commits cdf7571, ca6ab44 and bec47df give the figures.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};

/// What was handed back, by the thread that made it.
///
/// ```
/// use std::sync::Arc;
/// use jaque::input::Returns;
/// let returns: Arc<Returns<Vec<u8>>> = Arc::default();
/// let home = returns.home(std::thread::current().id());
/// std::thread::scope(|scope| {
///     scope.spawn(|| home.give_back(vec![1, 2, 3]));
/// });
/// assert_eq!(returns.waiting(), 1);
/// returns.free_mine();
/// assert_eq!(returns.waiting(), 0);
/// ```
pub struct Returns<R> {
    by_thread: Mutex<HashMap<ThreadId, Vec<R>>>,
    /// Nobody frees any more: what is handed back is freed where it is.
    closed: AtomicBool,
}

impl<R> Default for Returns<R> {
    fn default() -> Returns<R> {
        Returns {
            by_thread: Mutex::default(),
            closed: AtomicBool::new(false),
        }
    }
}

impl<R> Returns<R> {
    /// Frees what was handed back to the current thread: its makers call it when they can
    /// spare the time, before their next piece of work.
    pub fn free_mine(&self) {
        let mine = match self.by_thread.lock() {
            Ok(mut by_thread) => by_thread.remove(&thread::current().id()),
            Err(_) => None,
        };
        drop(mine);
    }

    /// No thread will free any more: frees what was handed back, and what is handed back
    /// from now on is freed where it is.
    pub fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        let all = match self.by_thread.lock() {
            Ok(mut by_thread) => std::mem::take(&mut *by_thread),
            Err(_) => HashMap::new(),
        };
        drop(all);
    }

    /// Where things made on `thread` go back to.
    pub fn home(self: &Arc<Self>, thread: ThreadId) -> Home<R> {
        Home {
            returns: Arc::clone(self),
            thread,
        }
    }

    /// How many things wait to be freed, on all threads.
    pub fn waiting(&self) -> usize {
        match self.by_thread.lock() {
            Ok(by_thread) => by_thread.values().map(Vec::len).sum(),
            Err(_) => 0,
        }
    }
}

/// The thread something was made on, to hand it back to.
pub struct Home<R> {
    returns: Arc<Returns<R>>,
    thread: ThreadId,
}

impl<R> Clone for Home<R> {
    fn clone(&self) -> Home<R> {
        Home {
            returns: Arc::clone(&self.returns),
            thread: self.thread,
        }
    }
}

impl<R> Home<R> {
    /// Hands `item` back to its thread, or frees it here once that thread frees no more.
    pub fn give_back(&self, item: R) {
        if self.returns.closed.load(Ordering::Relaxed) {
            return;
        }
        if let Ok(mut by_thread) = self.returns.by_thread.lock() {
            by_thread.entry(self.thread).or_default().push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Names = Arc<Mutex<Vec<Option<String>>>>;

    /// Records the name of the thread it is dropped on.
    struct Dropped(Names);

    impl Drop for Dropped {
        fn drop(&mut self) {
            let name = thread::current().name().map(str::to_string);
            if let Ok(mut names) = self.0.lock() {
                names.push(name);
            }
        }
    }

    fn names(names: &Names) -> Vec<Option<String>> {
        names.lock().map(|names| names.clone()).unwrap_or_default()
    }

    fn named(name: &str) -> thread::Builder {
        thread::Builder::new().name(name.into())
    }

    #[test]
    fn what_is_handed_back_is_freed_on_its_home_thread_until_it_closes() {
        let dropped = Names::default();
        let returns: Arc<Returns<Dropped>> = Arc::default();
        thread::scope(|scope| {
            let maker = named("home").spawn_scoped(scope, || {
                let home = returns.home(thread::current().id());
                let made = [Dropped(Arc::clone(&dropped)), Dropped(Arc::clone(&dropped))];
                thread::scope(|inner| {
                    let elsewhere = named("elsewhere").spawn_scoped(inner, || {
                        made.into_iter().for_each(|item| home.give_back(item));
                        // Not this thread's to free.
                        returns.free_mine();
                    });
                    assert!(elsewhere.is_ok(), "a thread starts");
                });
                assert_eq!(returns.waiting(), 2);
                returns.free_mine();
            });
            assert!(maker.is_ok(), "a thread starts");
        });
        let home = Some("home".to_string());
        assert_eq!(names(&dropped), [home.clone(), home]);
        assert_eq!(returns.waiting(), 0);

        returns.close();
        let home = returns.home(thread::current().id());
        let item = Dropped(Arc::clone(&dropped));
        let handed = named("late").spawn(move || home.give_back(item));
        let joined = handed.map(|handed| handed.join());
        assert!(matches!(joined, Ok(Ok(()))), "the thread ran");
        assert_eq!(returns.waiting(), 0);
        let last = names(&dropped).pop().flatten();
        assert_eq!(
            last.as_deref(),
            Some("late"),
            "freed where it was handed back"
        );
    }
}
