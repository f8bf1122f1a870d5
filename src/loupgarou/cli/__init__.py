"""The command line: ``loupgarou <command>``.  I/O lives here, never in the rules."""
