"""The names of the reference choices (`vesselview.engine.reference_choice`).

Kept apart, free of numpy, so the command line's ``--help`` can list them cheaply.
"""

#: The consensus rules: a reference made from every observer's mask.
CONSENSUS_RULES = ("majority", "intersection", "union")
#: References made from the observers' (a consensus or the fuzzy reference).
DERIVED_REFERENCES = (*CONSENSUS_RULES, "fuzzy")
#: Every reference choice, in the order the CLI lists them; ``one`` is the default.
REFERENCE_CHOICES = ("one", "each", *DERIVED_REFERENCES)
