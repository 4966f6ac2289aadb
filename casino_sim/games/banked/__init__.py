"""Banked games (the house is the other side of every bet): one package per game."""
