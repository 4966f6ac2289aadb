"""casino_sim.sim layer (see DESIGN.md)."""
