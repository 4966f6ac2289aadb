"""Caribbean Stud raise/fold strategies, one module per kind.

- :mod:`.table`: :class:`~.table.DecisionTable`, the form every strategy takes
  (player's five cards x dealer up-card -> raise?), and :func:`~.table.hand_index`;
- :mod:`.named`: the simple named strategies (``pair-or-better``, ``akj83``, ``always-raise``);
- :mod:`.rules_file`: strategies written as rules in a YAML file (``kind: caribbean_strategy``);
- :mod:`.resolve`: a strategy name or table -> the table to play, ``optimal`` included.

The optimal strategy needs the exact dealer counts, so it lives beside them:
:func:`casino_sim.games.banked.caribbean_stud.exact.optimal.optimal_strategy`.
"""
