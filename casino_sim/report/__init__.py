"""Presentation: tables, JSON and plots. The only layer (with cli) that writes files."""
