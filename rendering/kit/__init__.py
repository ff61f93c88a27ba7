"""The drawing kit every game's images are made with, so each game folder holds only what is
its own.

- `theme`: the palette, the seat colours and the type scale;
- `fonts`: finding the fonts once, and fitting text (shrink, then ellipsize, never tofu);
- `canvas`: the drawing surface that runs once dry to measure, then draws (`draw_measured`),
  and its sprites (drawn in place; the reusing canvas of `ink` pastes them from a cache);
- `layout`: rows of chips that wrap, the page of the tall images, boxed panels, wrapped text;
- `views`: what every renderer reads the same way (seat names, the face-down marker);
- `table`: `SceneTable`, the base of a game's `Table` (the view, its captions, seat names);
- `chips`: chips that wrap with their text never shrunk, a too-long chip a box of its own;
- `labels`: where the names of a map go (beside their place's signs, hiding the least);
- `plates`: a map's name on its dark plate, tied to its place when it stands off;
- `badges`: a count on a diamond, the generals standing at a map's place;
- `dice`: a die face with its pips;
- `pages`: a part under its title, and a page drawn from one record (a battle);
- `png`: the encoding sent to Discord;
- `heap`: a renderer process's C heap, tuned to keep a board's large buffers for the next.
"""
