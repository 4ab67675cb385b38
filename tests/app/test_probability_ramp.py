"""The probability map's colour ramp: ordered by lightness and, at every one of its 255
colours, at least 20 CIEDE2000 ΔE from every colour that means something else."""

from __future__ import annotations

import numpy as np
from skimage.color import deltaE_ciede2000, rgb2lab

from vesselview.app.display import DisplayLayer, lookup_table
from vesselview.app.probability import RAMP, RAMP_MIN_DELTA_E
from vesselview.engine.layers import RESERVED_COLOURS, Layer


def ramp_table() -> np.ndarray:
    """The 255 colours the layer draws (RGB uint8), as the display's lookup table has them."""
    layer = DisplayLayer(Layer("probability", "map", "scalar", np.zeros((1, 1), np.uint8),
                               RAMP, (0.0, 1.0)))
    return lookup_table(layer, {}, 1.0)[1:, :3]


def lab(colours) -> np.ndarray:
    return rgb2lab(np.asarray(colours, np.float64)[np.newaxis, :, :3] / 255.0)[0]


def test_every_colour_of_the_ramp_is_far_from_every_reserved_colour():
    ramp = lab(ramp_table())
    assert RAMP_MIN_DELTA_E >= 20.0
    for name, colour in RESERVED_COLOURS.items():
        distance = deltaE_ciede2000(ramp, np.broadcast_to(lab([colour])[0], ramp.shape))
        assert distance.min() >= RAMP_MIN_DELTA_E, (name, int(distance.argmin()) + 1)


def test_the_ramp_reads_by_lightness_from_dark_to_light():
    ramp = lab(ramp_table())
    lightness = ramp[:, 0]
    assert np.all(np.diff(lightness) > -0.5)  # monotone up to the rounding to 8 bits
    assert lightness[0] < 20 and lightness[-1] > 80
    quarters = lightness[[0, 63, 127, 190, 254]]
    np.testing.assert_allclose(np.diff(quarters), np.diff(quarters).mean(), rtol=0.1)
    hue = np.degrees(np.arctan2(ramp[:, 2], ramp[:, 1])) % 360
    assert hue.min() > 285 and hue.max() < 320  # one hue: no colour names crossed


def test_low_probabilities_are_nearly_transparent_and_high_ones_opaque():
    from vesselview.app.display import DisplayLayer, lookup_table
    from vesselview.app.probability import RAMP
    from vesselview.engine.layers import Layer

    layer = DisplayLayer(Layer("probability", "Probability", "scalar",
                               np.zeros((2, 2), np.uint8), RAMP))
    alpha = lookup_table(layer, {}, 1.0)[:, 3].astype(int)
    assert alpha[0] == 0 and alpha[1] == 0  # probability 0
    assert alpha[6] < 12  # probability 0.02: a network's background, barely a tint
    assert np.all(np.diff(alpha[1:]) >= 0)  # more probable, more opaque
    assert alpha[191] == alpha[255] == 255
