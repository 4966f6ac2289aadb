"""Exact Caribbean Stud: the return table from the dealer counts (:mod:`casino_sim.dealer_counts`), optimal strategy, the progressive."""
