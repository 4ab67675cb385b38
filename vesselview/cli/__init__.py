"""``vesselview-eval``, the batch evaluator: pairs in, JSON or CSV rows out.

Qt-free. Modules: `arguments` (flags, ``--set``/``--sweep``),
`runner` (serial, local processes or Dask), `progress` (stderr bar), `main` (entry point).
"""
