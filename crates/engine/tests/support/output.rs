//! An output the engine writes to and a test reads from at the same time, shared by the tests
//! that drive `uci::Engine` (each test binary uses the part it needs).
#![allow(dead_code)]

use std::io::Write;
use std::sync::{Arc, Mutex};

/// What the engine has written, held by both the engine (through a clone) and the test.
#[derive(Clone, Default)]
pub struct SharedOutput(Arc<Mutex<Vec<u8>>>);

impl Write for SharedOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedOutput {
    /// Everything written from byte `start` on.
    pub fn text_from(&self, start: usize) -> String {
        String::from_utf8(self.0.lock().unwrap()[start..].to_vec()).unwrap()
    }

    /// How many bytes have been written.
    pub fn len(&self) -> usize {
        self.0.lock().unwrap().len()
    }

    /// What was written since the last call, emptied.
    pub fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes).unwrap()
    }
}
