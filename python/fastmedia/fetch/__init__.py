"""Fetching media over http(s) behind an SSRF policy: ``Fetcher`` (``fetcher.py``) and the
``UrlPolicy`` it checks every URL, DNS answer and redirect hop against (``policy.py``)."""

from fastmedia.fetch.fetcher import Fetcher, ResponseTooLarge
from fastmedia.fetch.policy import UrlPolicy

__all__ = ["Fetcher", "ResponseTooLarge", "UrlPolicy"]
