"""Judging a game: the review, share-grid reading, the bot detector, luck and skill.

``wordlelab.judge.review`` reviews a game move by move; ``grid`` reads a share grid;
``detector`` tells a likely bot; ``luck`` holds the one formula for luck and skill;
``request`` is the request shape both front-ends share.
"""
