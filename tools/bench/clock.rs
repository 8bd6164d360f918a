//! Cycles a second of this processor while one core is busy, measured without hardware
//! counters (the machines these benchmarks run on have none): a chain of dependent additions,
//! each a cycle on every x86-64 core, timed. Prints the rate in GHz, the best of five runs;
//! prints nothing elsewhere than x86-64. Built by `tools/bench/bench_instructions.py` with
//! `rustc -C opt-level=3`.

use std::time::Instant;

/// Runs `rounds` of 32 additions, each waiting for the one before it; returns their sum.
#[cfg(target_arch = "x86_64")]
fn chain(rounds: u64) -> u64 {
    let mut x: u64 = 0;
    for _ in 0..rounds {
        // SAFETY: additions to a register the block owns; no memory or stack is touched.
        unsafe {
            std::arch::asm!(
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                "add {0}, 1", "add {0}, 1", "add {0}, 1", "add {0}, 1",
                inout(reg) x,
                options(nomem, nostack),
            );
        }
    }
    x
}

#[cfg(target_arch = "x86_64")]
fn main() {
    const ROUNDS: u64 = 20_000_000;
    chain(ROUNDS / 4);
    let mut best = f64::MAX;
    for _ in 0..5 {
        let began = Instant::now();
        let sum = chain(ROUNDS);
        let seconds = began.elapsed().as_secs_f64();
        assert_eq!(sum, ROUNDS * 32, "the chain was not run as written");
        best = best.min(seconds);
    }
    println!("{:.3}", (ROUNDS * 32) as f64 / best / 1e9);
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    let _ = Instant::now();
}
