"""casino_sim.games: the rules of each game (settlement, strategy, stud engine); see the README."""
