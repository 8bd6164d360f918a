//! The executor's options: input order kept whatever finishes first, the bound on batches in
//! flight never passed (and reached), spent batches freed on the cutting thread.

use std::sync::{Condvar, Mutex};

use super::*;

/// `count` batches of `size` numbers, counting on from 0.
fn numbers(count: usize, size: usize) -> impl Iterator<Item = io::Result<Vec<usize>>> + Send {
    (0..count).map(move |batch| Ok((batch * size..(batch + 1) * size).collect()))
}

fn settings(in_flight: usize, free_where_cut: bool) -> Settings {
    Settings {
        in_flight: Some(in_flight),
        free_where_cut,
        ..Settings::default()
    }
}

#[test]
fn results_come_back_in_input_order_whichever_finishes_first() {
    let pipeline = Pipeline::new(4).expect("threads start");
    // Some batches take far longer than the ones after them (a xorshift step says which).
    let work = |batch: &[usize]| {
        let first = batch.first().copied().unwrap_or_default() as u64;
        let spins = (first ^ (first << 13) ^ (first >> 7)) % 20_000;
        (0..spins).for_each(|_| std::hint::spin_loop());
        batch.to_vec()
    };
    for in_flight in [1, 3, 16] {
        let results = pipeline.run_batches(numbers(300, 3), &settings(in_flight, true), work);
        let all: Vec<usize> = results
            .expect("a thread starts")
            .flat_map(|batch| batch.expect("no read error"))
            .collect();
        assert_eq!(all, (0..900).collect::<Vec<_>>(), "{in_flight} in flight");
    }
}

/// Batches whose work has started and whose result the caller still holds, and the most
/// there ever were.
#[derive(Default)]
struct Flight {
    now: Mutex<(usize, usize)>,
    changed: Condvar,
}

impl Flight {
    fn start(&self) {
        if let Ok(mut now) = self.now.lock() {
            now.0 += 1;
            now.1 = now.1.max(now.0);
        }
        self.changed.notify_all();
    }

    fn end(&self) {
        if let Ok(mut now) = self.now.lock() {
            now.0 -= 1;
        }
    }

    /// Waits until `count` batches are in flight.
    fn wait_for(&self, count: usize) {
        let now = self.now.lock().expect("not poisoned");
        let _reached = self.changed.wait_while(now, |now| now.0 < count);
    }

    fn most(&self) -> usize {
        self.now.lock().map_or(usize::MAX, |now| now.1)
    }
}

#[test]
fn batches_in_flight_reach_the_bound_and_never_pass_it() {
    for (threads, in_flight) in [(1, 1), (1, 4), (3, 2), (3, 8)] {
        let pipeline = Pipeline::new(threads).expect("threads start");
        let flight = Arc::new(Flight::default());
        let started = Arc::clone(&flight);
        let work = move |batch: &[usize]| {
            started.start();
            batch.len()
        };
        let results = pipeline
            .run_batches(numbers(50, 2), &settings(in_flight, true), work)
            .expect("a thread starts");
        // Nothing taken yet: the cutting thread hands over as many as the bound allows.
        flight.wait_for(in_flight);
        let mut taken = 0;
        // A batch's result is held until the next one is asked for.
        for result in results {
            taken += result.expect("no read error");
            flight.end();
        }
        assert_eq!(taken, 100);
        assert_eq!(flight.most(), in_flight, "{threads} threads");
    }
}

type Names = Arc<Mutex<Vec<String>>>;

/// Records the name of the thread it is dropped on.
struct Dropped(Names);

impl Drop for Dropped {
    fn drop(&mut self) {
        let name = std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string();
        if let Ok(mut names) = self.0.lock() {
            names.push(name);
        }
    }
}

/// The names of the threads the batches of a run were freed on, one a batch.
fn freed_on(threads: usize, in_flight: usize, free_where_cut: bool) -> Vec<String> {
    let names = Names::default();
    let made = Arc::clone(&names);
    let batches = (0..200).map(move |_| Ok(vec![Dropped(Arc::clone(&made))]));
    let pipeline = Pipeline::new(threads).expect("threads start");
    let settings = settings(in_flight, free_where_cut);
    let results = pipeline.run_batches(batches, &settings, |batch: &[Dropped]| batch.len());
    let checked: usize = results.expect("a thread starts").flatten().sum();
    assert_eq!(checked, 200);
    drop(pipeline);
    // Every batch is freed once its job ends; the pool's threads end after their jobs.
    while Arc::strong_count(&names) > 1 {
        std::thread::yield_now();
    }
    names.lock().map(|names| names.clone()).unwrap_or_default()
}

#[test]
fn spent_batches_are_freed_on_the_cutting_thread_when_asked() {
    for (threads, in_flight) in [(1, 1), (2, 4), (3, 2)] {
        let names = freed_on(threads, in_flight, true);
        assert_eq!(names.len(), 200);
        let elsewhere = names.iter().filter(|name| *name != "cut").count();
        // Only the batches still in the pool when the cutting thread ends are freed there:
        // those in flight, and one a thread that had sent its result and not yet its batch.
        assert!(
            elsewhere <= in_flight + threads,
            "{elsewhere} of 200 freed elsewhere"
        );
        let names = freed_on(threads, in_flight, false);
        assert!(
            names.iter().all(|name| name.starts_with("check-")),
            "{names:?}"
        );
    }
}

#[test]
fn dropping_the_results_stops_the_cutting_thread() {
    let (alive, ended) = mpsc::channel::<()>();
    // Endless batches; the cutting thread holds `alive` until it drops them.
    let batches = std::iter::repeat_with(move || {
        let _held = &alive;
        Ok(vec![1])
    });
    let pipeline = Pipeline::new(2).expect("threads start");
    let mut results = pipeline
        .run_batches(batches, &settings(3, true), |batch: &[u8]| batch.len())
        .expect("a thread starts");
    let first: Vec<usize> = results.by_ref().take(5).flatten().collect();
    assert_eq!(first, [1; 5]);
    drop(results);
    assert!(
        ended.recv().is_err(),
        "the cutting thread dropped its batches"
    );
}

#[test]
fn a_read_error_comes_after_the_batches_before_it_and_ends_the_results() {
    let pipeline = Pipeline::new(2).expect("threads start");
    let batches = numbers(5, 2).chain([Err(io::Error::other("cut short"))]);
    let batches = batches.chain(numbers(5, 2));
    let results: Vec<io::Result<usize>> = pipeline
        .run_batches(batches, &settings(2, true), |batch: &[usize]| batch[0])
        .expect("a thread starts")
        .collect();
    let (last, before) = results.split_last().expect("results");
    let before: Vec<usize> = before
        .iter()
        .filter_map(|r| r.as_ref().ok().copied())
        .collect();
    assert_eq!(before, [0, 2, 4, 6, 8]);
    assert!(last.as_ref().is_err_and(|e| e.to_string() == "cut short"));
}

#[test]
fn a_pipeline_runs_streams_one_after_another_on_its_threads() {
    let pipeline = Pipeline::new(3).expect("threads start");
    assert_eq!(pipeline.threads(), 3);
    let on = |batch: &[usize]| {
        let name = std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string();
        (batch.len(), name)
    };
    for _ in 0..3 {
        let results = pipeline.run_batches(numbers(4, 2), &settings(2, false), on);
        for result in results.expect("a thread starts") {
            let (games, thread) = result.expect("no read error");
            assert_eq!(games, 2);
            assert!(thread.starts_with("check-"), "{thread}");
        }
    }
}
