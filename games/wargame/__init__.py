"""三国志演義 area wargame (三国志演義ウォーゲーム), 2-11 players: the rules engine.

Not registered yet (docs/progress/wargame.md): registration comes with the renderer and the
whole game, since every registered game is run through every layer by tests/test_house.py.
"""
