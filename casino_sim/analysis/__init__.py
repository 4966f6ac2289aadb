"""casino_sim.analysis: exact and simulated figures of the games; see the README."""
