"""Gin in the coach, on bitmasks: the arithmetic (:mod:`.kit`), the greedy policy
(:mod:`.policy`), playouts to the end of the hand (:mod:`.playout`) and the values of
moves (:mod:`.values`)."""
