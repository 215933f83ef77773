"""Helpers shared across fastmedia's subpackages; nothing here is public API."""
