"""Where the pairs of a run come from: one pair, a manifest, or a whole dataset.

A dataset (``--dataset ROOT [--predictions NAME=DIR]... [--observer N]``) is read by
`vesselview.io.open_dataset` and gives one pair per case and method
(`vesselview.io.dataset_pairs`). ``--spacing UM`` gives every pair's spacing (a manifest
row's ``spacing_um`` cell wins over it).
"""

from __future__ import annotations

import argparse
import dataclasses

from vesselview.io.dataset_pairs import PairSource, dataset_pairs, pair_files
from vesselview.io.manifest import read_manifest_rows
from vesselview.io.pair import single_pair
from vesselview.io.spacing import Spacing


def pairs_from_options(options: argparse.Namespace) -> PairSource:
    """The pairs that ``--reference/--candidate``, ``--manifest`` or ``--dataset`` give.

    Raises
    ------
    InputError
        For a missing file of a single pair, a manifest whose header is wrong, or a
        dataset folder that cannot be read (see `open_dataset`).
    """
    if options.dataset is not None:
        from vesselview.io.dataset import open_dataset  # only here: the dataset readers

        source = dataset_pairs(open_dataset(options.dataset, options.predictions,
                                            options.observer,
                                            estimate_fov=options.estimate_fov,
                                            spacing_um=options.spacing,
                                            classes=options.classes),
                               list(options.predictions))
        return dataclasses.replace(source, folders=_named_folders(options))
    given = None if options.spacing is None else Spacing(options.spacing, "given")
    if options.manifest is not None:
        pairs = [pair if pair.spacing is not None else dataclasses.replace(pair, spacing=given)
                 for pair in read_manifest_rows(options.manifest)]
        return PairSource(pairs, [options.manifest, *pair_files(pairs)])
    pair = single_pair(options.reference, options.candidate, options.fov, options.fundus,
                       options.ignore, options.reference_junctions)
    pair = dataclasses.replace(pair, spacing=given)
    return PairSource([pair], pair_files([pair]))


def _named_folders(options: argparse.Namespace) -> dict[str, str]:
    """The folders ``--dataset`` and ``--predictions`` name -> what each is."""
    folders = {options.dataset: "the dataset folder"}
    for method, folder in options.predictions.items():
        folders.setdefault(folder, f"the predictions folder of {method}")
    return folders
