"""Five-card dealer hands with one card face up, counted against every five-card player hand.

For every player hand (up to suit isomorphism) and dealer up card, the dealer hands holding the
up card and none of the player's cards by outcome (does not qualify, player wins, tie), by
inclusion-exclusion over the player's cards (:mod:`.counts`), and the ace-king qualifier's
counts cached on disk (:mod:`.cache`). Shared by the games that deal this showdown: Caribbean
Stud's dedicated code and the banked-game language's solver of a dealer card face up.
"""
