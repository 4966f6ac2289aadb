"""Shared machinery below the games: the chunk runner, statistics, result files."""
