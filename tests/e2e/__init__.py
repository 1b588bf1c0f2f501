"""End-to-end checks of the rules through Discord (the emulator and the real bot)."""
