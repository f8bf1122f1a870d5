"""Simulation: tables of bots, many games, reproducible results and reports."""
