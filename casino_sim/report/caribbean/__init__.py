"""Caribbean Stud reports, in two halves.

- :mod:`.text_tables`: the return table, measures, A-K table and progressive table as plain text;
- :mod:`.edge_report_folder`: the edge report folder (``report.md``, PNG plots, ``analysis.json``).
"""
