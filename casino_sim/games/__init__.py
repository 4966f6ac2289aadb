"""casino_sim.games layer (see DESIGN.md)."""
