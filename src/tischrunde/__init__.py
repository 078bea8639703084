"""tischrunde: four party games at one table or remotely."""

from __future__ import annotations

__version__ = "0.1.0"
