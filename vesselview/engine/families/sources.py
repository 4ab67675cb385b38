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
KOLTSOV_REVIEW = ("P. P. Koltsov, A. S. Osipov, A. S. Kutsaev, A. A. Kravchenko, N. V. Kotovich, "
                  "A. V. Zakharov, \"On the quantitative performance evaluation of image "
                  "analysis algorithms\", Computer Optics 39(4):542-556, 2015, "
                  "doi:10.18287/0134-2452-2015-39-4-542-556")
WILLIAMS_INDEX = ("G. W. Williams, \"Comparing the joint agreement of several raters with another "
                  "rater\", Biometrics 32(3):619-627, 1976, doi:10.2307/2529750; V. Chalana, "
                  "Y. Kim, \"A methodology for evaluation of boundary detection algorithms on "
                  "medical images\", IEEE Trans. Med. Imaging 16(5):642-652, 1997, "
                  "doi:10.1109/42.640755")
AV_PAPER = ("R. Hemelings, B. Elen, I. Stalmans, K. Van Keer, P. De Boever, M. B. Blaschko, "
            "\"Artery-vein segmentation in fundus images using a fully convolutional network\", "
            "Comput. Med. Imaging Graph. 76:101636, 2019, doi:10.1016/j.compmedimag.2019.05.004 "
            "(A/V accuracy on vessel pixels and on centre-line pixels both detect)")
