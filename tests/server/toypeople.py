"""The counting game, but bots may not take a seat (``spec.bots_in_rooms = False``)."""

from toygame import PEOPLE_GAME as GAME

__all__ = ["GAME"]
