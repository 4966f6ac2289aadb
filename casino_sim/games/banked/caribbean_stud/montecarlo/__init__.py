"""Caribbean Stud Monte Carlo: whole tables dealt from one deck in compiled loops."""
