"""Caribbean Stud reports: the text tables and the edge-report folder."""
