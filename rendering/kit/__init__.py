"""The drawing kit every game's images are made with, so each game folder holds only what is
its own.

- `theme`: the palette, the seat colours and the type scale;
- `fonts`: finding the fonts once, and fitting text (shrink, then ellipsize, never tofu);
- `canvas`: the drawing surface that runs once dry to measure, then draws (`draw_measured`);
- `layout`: rows of chips that wrap, the page of the tall images, boxed panels, wrapped text;
- `views`: what every renderer reads the same way (seat names, the face-down marker);
- `png`: the encoding sent to Discord.
"""
