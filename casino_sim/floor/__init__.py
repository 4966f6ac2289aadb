"""The casino floor on the clock (SimPy): tables, seats, players, dealers and linked meters."""
