"""The regulator's desk: a vendor's PAR-sheet claims checked one by one, and a jurisdiction's rules.

>>> from casino_sim.config import load_claim, load_jurisdiction
>>> result = verify_claim(load_claim("claims/caribbean-two-wrong"))
>>> result.summary
'17 of 19 claims hold: 2 do not'
>>> [r.status for r in check_rules(load_jurisdiction("nj"), result.figures)][:2]
['pass', 'pass']
"""

from casino_sim.verify.claims import ClaimError, Verdict, Verification, verify_claim
from casino_sim.verify.figures import Computed, GameFigures, game_figures
from casino_sim.verify.rules import RuleResult, check_rules

__all__ = [
    "ClaimError",
    "Computed",
    "GameFigures",
    "RuleResult",
    "Verdict",
    "Verification",
    "check_rules",
    "game_figures",
    "verify_claim",
]
