"""Where the public retinal-vessel datasets keep their files: one table, no if-chains.

Each `Layout` gives, per role, a regular expression for a file's path relative to the
dataset root (``/``-separated, matched case-insensitively at the end of the path, so
the root may be the dataset folder, its parent, or one split of it). The named group
``id`` is the case id; the optional group ``split`` names the subset. A trailing
``.gz`` is allowed on every file (STARE ships its images gzipped).

The layouts reproduce the files as the datasets ship them:

* DRIVE -- ``{training,test}/images/NN_{training,test}.tif`` (LZW TIFF),
  ``1st_manual/NN_manual1.gif``, ``2nd_manual/NN_manual2.gif`` (test only, palette
  GIFs), FOV ``mask/NN_{training,test}_mask.gif``.
* STARE -- ``imNNNN.ppm``, labels ``imNNNN.ah.ppm`` (Hoover) and ``imNNNN.vk.ppm``
  (Kouznetsova), in any folders, often gzipped; no FOV.
* CHASE_DB1 -- one folder: ``Image_NN{L,R}.jpg``, ``Image_NN{L,R}_1stHO.png`` and
  ``_2ndHO.png``; no FOV.
* HRF -- ``images/NN_{h,g,dr}.jpg`` (``.JPG`` for ``dr``), ``manual1/NN_x.tif``,
  FOV ``mask/NN_x_mask.tif`` (RGB).
* FIVES -- ``{train,test}/Original/N_{A,D,G,N}.png``, ``Ground truth/N_x.png``; no FOV.
* IOSTAR -- ``image/STAR NN_xxx.jpg``, ``GT/STAR NN_xxx_GT.tif``, FOV
  ``mask/STAR NN_xxx_Mask.tif``.

Each layout also gives its camera's field angle (`Layout.fov_degrees`), from which a
case's pixel spacing is derived (`vesselview.io.spacing`), as the dataset's own
description states it:

* DRIVE -- 45°: "a Canon CR5 non-mydriatic 3CCD camera with a 45 degree field of view"
  (the DRIVE database description; Staal et al., Ridge-based vessel segmentation in
  color images of the retina, IEEE TMI 23(4), 2004).
* STARE -- 35°: "a TopCon TRV-50 fundus camera at 35° field of view" (Hoover et al.,
  Locating blood vessels in retinal images by piecewise threshold probing of a matched
  filter response, IEEE TMI 19(3), 2000).
* CHASE_DB1 -- 30°: "a Nidek NM-200-D fundus camera with a 30-degree FOV" (Fraz et al.,
  An ensemble classification-based approach applied to retinal blood vessel
  segmentation, IEEE TBME 59(9), 2012; images of the Child Heart and Health Study).

(STARE's and CHASE_DB1's angles were checked as reviews quote those papers, e.g.
*Computational Retinal Image Analysis*, Elsevier 2019, ch. 6, table 1.)
* HRF, FIVES, IOSTAR -- none: their field angle was not confirmed from the datasets'
  own papers here, so it is not guessed; give the spacing (``--spacing UM``).
* RITE -- 45°: DRIVE's own photographs. HRF-AV and LES-AV -- none (HRF-AV: HRF's).

Artery/vein datasets (`Layout.classes` ``"av"``: their references are colour label maps,
`vesselview.io.class_encodings.AV_ENCODING`):

* RITE -- DRIVE's photographs in ``AV_groundTruth/{training,test}/images/NN_*.tif``,
  A/V maps ``av/NN_{training,test}.png`` (and binary ``vessel/`` maps, not read); no FOV.
* HRF-AV -- ``HRF_AV_GT/NN_x_AVmanual.png``, usually put into the HRF folder beside
  ``images/`` and ``mask/`` (whose files it then uses).
* LES-AV -- ``images/ID.png``, A/V maps ``arteries-and-veins/ID.png``, FOV
  ``masks/ID_mask.gif`` (also ``ID.png``); ``vessel-segmentations/``, ``arteries/`` and
  ``veins/`` are derived from the A/V maps and not read.

An A/V layout with a `Layout.base` (RITE on DRIVE, HRF-AV on HRF) found in the same
folder as its base is used only when A/V classes are asked for (`preferred`).
"""

from __future__ import annotations

import dataclasses
import re


@dataclasses.dataclass(frozen=True)
class Layout:
    """The file patterns of one dataset.

    Attributes
    ----------
    name : str
        Dataset name, e.g. ``"DRIVE"``.
    fundus : str
        Pattern of the photographs.
    observers : tuple of str
        Pattern of the reference of observer 1, 2, ...
    fov : str or None
        Pattern of the field-of-view masks; None when the dataset ships none.
    fov_degrees : float or None
        The camera's field angle in degrees, as the dataset's paper states it (cited in
        the module docstring); None when not confirmed.
    classes : str or None
        The class encoding of its references (``"av"``), None for vessel masks.
    base : str or None
        The vessel dataset whose photographs an A/V dataset annotates (e.g. ``"DRIVE"``).
    """

    name: str
    fundus: str
    observers: tuple[str, ...]
    fov: str | None = None
    fov_degrees: float | None = None
    classes: str | None = None
    base: str | None = None

    def roles(self) -> dict[str, str]:
        """Pattern per role: ``fundus``, ``fov``, ``observer1``, ``observer2``..."""
        roles = {"fundus": self.fundus}
        if self.fov is not None:
            roles["fov"] = self.fov
        for number, pattern in enumerate(self.observers, start=1):
            roles[f"observer{number}"] = pattern
        return roles


_DRIVE_SPLIT = r"(?:(?P<split>training|test)/)?"
_DRIVE_ID = r"(?P<id>\d{2})"
_FIVES_SPLIT = r"(?:(?P<split>train|test)/)?"
_FIVES_ID = r"(?P<id>\d+_[adgn])"
_HRF_ID = r"(?P<id>\d{2}_(?:h|g|dr))"
_IOSTAR_ID = r"(?P<id>star \d{2}_o[ds][cn])"
_CHASE_ID = r"(?P<id>image_\d{2}[lr])"
_STARE_ID = r"(?P<id>im\d{4})"
_LES_AV_ID = r"(?P<id>[^/]+?)"

#: The known datasets; a folder holding references of several of them is refused.
LAYOUTS: tuple[Layout, ...] = (
    Layout(
        "DRIVE",
        fundus=_DRIVE_SPLIT + r"images/" + _DRIVE_ID + r"_(?:training|test)\.tif",
        observers=(_DRIVE_SPLIT + r"1st_manual/" + _DRIVE_ID + r"_manual1\.gif",
                   _DRIVE_SPLIT + r"2nd_manual/" + _DRIVE_ID + r"_manual2\.gif"),
        fov=_DRIVE_SPLIT + r"mask/" + _DRIVE_ID + r"_(?:training|test)_mask\.gif",
        fov_degrees=45.0,
    ),
    Layout(
        "STARE",
        fundus=_STARE_ID + r"\.ppm",
        observers=(_STARE_ID + r"\.ah\.ppm", _STARE_ID + r"\.vk\.ppm"),
        fov_degrees=35.0,
    ),
    Layout(
        "CHASE_DB1",
        fundus=_CHASE_ID + r"\.jpg",
        observers=(_CHASE_ID + r"_1stho\.png", _CHASE_ID + r"_2ndho\.png"),
        fov_degrees=30.0,
    ),
    Layout(
        "HRF",
        fundus=r"images/" + _HRF_ID + r"\.jpg",
        observers=(r"manual1/" + _HRF_ID + r"\.tif",),
        fov=r"mask/" + _HRF_ID + r"_mask\.tif",
    ),
    Layout(
        "FIVES",
        fundus=_FIVES_SPLIT + r"original/" + _FIVES_ID + r"\.png",
        observers=(_FIVES_SPLIT + r"ground truth/" + _FIVES_ID + r"\.png",),
    ),
    Layout(
        "IOSTAR",
        fundus=r"image/" + _IOSTAR_ID + r"\.jpg",
        observers=(r"gt/" + _IOSTAR_ID + r"_gt\.tif",),
        fov=r"mask/" + _IOSTAR_ID + r"_mask\.tif",
    ),
    Layout(
        "RITE",
        fundus=_DRIVE_SPLIT + r"images/" + _DRIVE_ID + r"_(?:training|test)\.tif",
        observers=(_DRIVE_SPLIT + r"av/" + _DRIVE_ID + r"_(?:training|test)\.png",),
        fov_degrees=45.0, classes="av", base="DRIVE",
    ),
    Layout(
        "HRF-AV",
        fundus=r"images/" + _HRF_ID + r"\.jpg",
        observers=(r"hrf_av_gt/" + _HRF_ID + r"_avmanual\.png",),
        fov=r"mask/" + _HRF_ID + r"_mask\.tif",
        classes="av", base="HRF",
    ),
    Layout(
        "LES-AV",
        fundus=r"images/" + _LES_AV_ID + r"\.png",
        observers=(r"arteries-and-veins/" + _LES_AV_ID + r"\.png",),
        fov=r"masks/" + _LES_AV_ID + r"(?:_mask)?\.(?:gif|png)",
        classes="av",
    ),
)


def preferred(found: list[str], classes: bool) -> list[str]:
    """The layouts to use of those ``found`` (names) in one folder: an A/V layout and
    its base both found mean one of them, the A/V one only when ``classes`` (A/V
    classes asked for), else the base.

    >>> preferred(["HRF", "HRF-AV"], False), preferred(["HRF", "HRF-AV"], True)
    (['HRF'], ['HRF-AV'])
    """
    bases = {layout.base: layout.name for layout in LAYOUTS
             if layout.base in found and layout.name in found}
    dropped = set(bases.keys()) if classes else set(bases.values())
    return [name for name in found if name not in dropped]


def layout_classes(name: str) -> str | None:
    """The class encoding of the references of layout ``name`` (None: vessel masks)."""
    return next((layout.classes for layout in LAYOUTS if layout.name == name), None)


def compiled(pattern: str) -> re.Pattern[str]:
    """A role pattern matched at the end of a relative path, on a folder boundary,
    case-insensitively, with an optional ``.gz`` suffix."""
    return re.compile(r"(?:^|/)" + pattern + r"(?:\.gz)?$", re.IGNORECASE)


def case_id_of(path: str) -> str | None:
    """The case id a public dataset's file path carries, or None for other names.

    The path's last folders are matched against every layout's patterns (as
    `vesselview.open_dataset` does), so ``DRIVE/test/1st_manual/01_manual1.gif`` is case
    ``01`` and ``CHASE_DB1/Image_01L_2ndHO.png`` case ``Image_01L`` (letter case as
    in the file name).

    >>> case_id_of("data/test/1st_manual/01_manual1.gif"), case_id_of("x/mine.png")
    ('01', None)
    """
    relative = path.replace("\\", "/")
    for layout in LAYOUTS:
        for pattern in layout.roles().values():
            match = compiled(pattern).search(relative)
            if match is not None:
                return match.group("id")
    return None
