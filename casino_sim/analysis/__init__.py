"""casino_sim.analysis layer (see DESIGN.md)."""
