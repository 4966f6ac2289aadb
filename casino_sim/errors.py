"""The exception hierarchy: every error the library raises on bad input.

Each class subclasses :class:`CasinoSimError` (so a caller can catch them all)
and a builtin (``ValueError``), so ``except ValueError`` keeps working.
The CLI turns any :class:`CasinoSimError` into one line and exit status 2.

>>> issubclass(CardError, ValueError)
True
"""

from __future__ import annotations


class CasinoSimError(Exception):
    """Base class for every error casino_sim raises about its inputs."""


class CardError(CasinoSimError, ValueError):
    """A card string or card array is malformed, or a hand has the wrong size.

    ``token`` names the offending piece of input (e.g. ``"1x"``) when there is one.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class DuplicateCardError(CardError):
    """The same card appears twice where cards must be distinct."""


class HandSizeError(CardError):
    """A hand has a number of cards the function does not accept."""


class ConfigError(CasinoSimError, ValueError):
    """A YAML paytable or game definition is invalid.

    ``problems`` holds one :class:`ConfigProblem`-like record per issue found.
    """


class OptionError(CasinoSimError, ValueError):
    """An option passed to the API or CLI (hands, seats, strategy...) is out of range."""


class IllegalActionError(CasinoSimError, ValueError):
    """A poker action that the rules do not allow in the current state."""


class OutputError(CasinoSimError, ValueError):
    """A result path cannot be written under the no-clobber policy (exists, not a file, no folder)."""


class LedgerError(CasinoSimError, ValueError):
    """Money does not reconcile: an account's balance differs from the simulation's own reckoning."""


class CountsError(CasinoSimError, ValueError):
    """A counts file (tables open and players seated by date, hour and game) is invalid: the
    message names the file, the line and the column."""
