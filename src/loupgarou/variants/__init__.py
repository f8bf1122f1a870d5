"""Rules families.  Each sub-package is pure: no I/O, no randomness."""
