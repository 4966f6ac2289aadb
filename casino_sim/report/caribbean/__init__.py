"""Caribbean Stud as plain text: :mod:`.text_tables` holds the return table, measures, A-K
table and progressive table that ``casino-sim analyze`` prints (its ``--report`` folder is the
PAR report, :mod:`casino_sim.report.par`).
"""
