"""The papers the metrics come from, as cited in each `MetricInfo.source`."""

from __future__ import annotations

TOLERANCE_PAPER = ("the paper proposing a modified F1 for retinal vessel segmentation "
                   "evaluation (tolerant of small localisation errors)")
CAL_PAPER = ("M. E. Gegúndez-Arias, A. Aquino, J. M. Bravo, D. Marín, \"A Function for Quality "
             "Evaluation of Retinal Vessel Segmentations\", IEEE Trans. Med. Imaging "
             "31(2):231-239, 2012, doi:10.1109/TMI.2011.2167982")
SS_PAPER = ("Z. Yan, X. Yang, K.-T. Cheng, \"A Skeletal Similarity Metric for Quality Evaluation "
            "of Retinal Vessel Segmentation\", IEEE Trans. Med. Imaging 37(4):1045-1057, 2018, "
            "doi:10.1109/TMI.2017.2778748")
