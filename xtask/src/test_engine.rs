//! For tests: cb2026's UCI engine run in-process on a few lines of input, and what it printed.

use std::sync::{Arc, Mutex};

/// An output the engine writes into and the test reads: a clone shares the same buffer.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What a new engine prints when it reads `input` (UCI commands, a line each) to its end.
pub fn answer(input: &str) -> String {
    let output = Shared::default();
    let mut engine = cb2026::uci::Engine::new(output.clone());
    engine.run(input.as_bytes()).unwrap();
    String::from_utf8(output.0.lock().unwrap().clone()).unwrap()
}
