"""Exact Caribbean Stud: dealer counts by inclusion-exclusion, their cache, optimal strategy, the progressive."""
