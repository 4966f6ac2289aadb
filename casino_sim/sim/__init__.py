"""casino_sim.sim: the casino floor on the clock (SimPy); see docs/ and the README."""
