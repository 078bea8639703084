"""One module (or subpackage) per game; each defines ``GAME``."""
