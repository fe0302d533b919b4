//! `legal_moves_into` allocates nothing once its list has grown: a second
//! pass over the same positions, every variant, counted by a global
//! allocator that counts, per thread (the test harness's own thread may
//! allocate meanwhile).

use omweso_engine::{Board, MoveList, Position, Rules, Side, legal_moves_into};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// This thread's allocations (a `const` thread-local: reading it never
    /// allocates).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Mid-game positions as the benchmarks draw them: 32 seeds a side.
fn positions() -> Vec<Position> {
    let mut rng = omweso_engine::search::Rng::new(7);
    let mut below = |n: u64| rng.below(n);
    (0..300)
        .map(|i| {
            let mut sides = [[0u16; 16]; 2];
            for side in &mut sides {
                for _ in 0..32 {
                    side[below(16) as usize] += 1;
                }
            }
            let mut p = Position::new(
                Board::from_sides(sides[0], sides[1]),
                if i % 2 == 0 { Side::South } else { Side::North },
            );
            p.before_first_capture = i % 5 == 0;
            p
        })
        .collect()
}

#[test]
fn a_grown_move_list_generates_without_allocating() {
    let positions = positions();
    for rules in [
        Rules::SHACKELL_1935,
        Rules::MODERN,
        Rules::LUDII,
        Rules::MCGILL_2015,
    ] {
        let mut list = MoveList::new();
        let mut moves = 0;
        for p in &positions {
            legal_moves_into(&rules, p, &mut list);
            moves += list.len();
        }
        let before = allocations();
        let mut again = 0;
        for p in &positions {
            legal_moves_into(&rules, p, &mut list);
            again += list.len();
            // reading a move allocates nothing either
            for m in &list {
                std::hint::black_box((m.choices(), m.end(), m.position_after()));
            }
        }
        let allocated = allocations() - before;
        assert_eq!(again, moves);
        assert!(moves > 2_000, "{moves}");
        assert_eq!(
            allocated, 0,
            "{rules:?}: {allocated} allocations for {moves} moves"
        );
    }
}
