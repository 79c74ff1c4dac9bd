# OpenBench builds an engine with `make EXE=name` and runs the file `name`; so does this.
EXE ?= cb2026

.PHONY: all
all:
	cargo build --release --package cb2026
	cp target/release/cb2026 $(EXE)
