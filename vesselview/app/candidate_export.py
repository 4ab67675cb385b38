"""The candidates window's CSV exports (no Qt): its ranking or its rank agreement, with
the provenance sidecar."""

from __future__ import annotations

from collections.abc import Sequence

from vesselview.app.candidate_set import Candidate
from vesselview.app.window_provenance import cases_provenance
from vesselview.io.output_file import atomic_output
from vesselview.io.provenance_formats import write_sidecar
from vesselview.io.tables import write_table
from vesselview.research.ranking import RankAgreement, Ranking


def write_candidates_table(path: str, table: Ranking | RankAgreement,
                           candidates: Sequence[Candidate], what: str) -> None:
    """Write ``table`` of the evaluated ``candidates`` (`vesselview.io.tables.write_table`,
    with their parameters) to ``path``, its provenance (``Research > Candidates > Export
    {what}``) to the sidecar."""
    params = candidates[0].params
    with atomic_output(path) as stream:
        write_table(table.to_rows(), stream, params=params)
    write_sidecar(path, cases_provenance(
        f"Research > Candidates > Export {what}", params,
        [candidate.case for candidate in candidates], "csv"))
