"""Scoring that differs by variant: Gin's showdown and game totals, Indian Rummy's
declarations, counts and match standings.

They live inside the engine because the variant engines (:mod:`rummy_lab.engine.variants`)
need them to end a hand; :mod:`rummy_lab.gin` and :mod:`rummy_lab.indian` are their
public faces.
"""
