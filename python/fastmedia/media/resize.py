"""Resize to a model's pixel budget in the frontend, on fastmedia's pool.

The target size follows Hugging Face's ``smart_resize`` (Qwen2/2.5/3-VL image processors)
exactly, rounding included, so the backend processor's own resize becomes a no-op; the
filter follows Pillow's ``Image.resize`` (antialiased convolution).
"""

from __future__ import annotations

from dataclasses import dataclass

from fastmedia import _core

FILTERS = ("bicubic", "bilinear", "lanczos")


@dataclass(frozen=True)
class Resize:
    """What size decoded images are resized to, and with which filter.

    - ``max_pixels`` / ``min_pixels``: bounds on the output area; ``factor``: both sides are
      multiples of it. Together they are HF's ``smart_resize(height, width, factor,
      min_pixels, max_pixels)``. ``max_pixels`` alone keeps the aspect ratio and never
      scales up; only ``min_pixels`` scales up (and ``factor`` rounds to its nearest
      multiple, as HF does).
    - ``size=(height, width)`` forces a size (without the three above).
    - ``filter``: ``"bicubic"`` (Pillow's BICUBIC, what Qwen-VL processors use),
      ``"bilinear"`` or ``"lanczos"``.
    - ``draft=True``: JPEGs are first scaled by 1/2, 1/4 or 1/8 in libjpeg-turbo's DCT (like
      Pillow's ``draft()``) when the target is at most half the source, then filtered
      exactly; faster, slightly different pixels.

    ``Resize()`` with no bound leaves images as they are. Raises ``ConfigError`` (a
    ``ValueError``) for a bad spec.
    """

    max_pixels: int | None = None
    min_pixels: int | None = None
    factor: int = 1
    size: tuple[int, int] | None = None
    filter: str = "bicubic"
    draft: bool = False

    def __post_init__(self) -> None:
        if self.size is not None:
            object.__setattr__(self, "size", tuple(self.size))
        _core.resize_check(self._spec())

    @classmethod
    def qwen2_vl(
        cls,
        min_pixels: int = 56 * 56,
        max_pixels: int = 28 * 28 * 1280,
        filter: str = "bicubic",
        draft: bool = False,
    ) -> Resize:
        """Qwen2-VL and Qwen2.5-VL's image processor (patch 14 x merge 2: factor 28)."""
        return cls(max_pixels, min_pixels, 28, None, filter, draft)

    @classmethod
    def qwen3_vl(
        cls,
        min_pixels: int = 256 * 256,
        max_pixels: int = 4096 * 4096,
        filter: str = "bicubic",
        draft: bool = False,
    ) -> Resize:
        """Qwen3-VL's preprocessor defaults (patch 16 x merge 2: factor 32)."""
        return cls(max_pixels, min_pixels, 32, None, filter, draft)

    def target_size(self, height: int, width: int) -> tuple[int, int]:
        """The (height, width) an image of ``height`` x ``width`` is resized to."""
        return _core.resize_target(self._spec(), height, width)

    def _spec(self) -> tuple:
        return (self.max_pixels, self.min_pixels, self.factor, self.size, self.filter, self.draft)


def spec(resize: Resize | None) -> tuple | None:
    """The core's form of an optional ``Resize`` (None stays None)."""
    if resize is None:
        return None
    if not isinstance(resize, Resize):
        raise TypeError(f"resize must be a fastmedia.Resize, got {type(resize).__name__}")
    return resize._spec()
