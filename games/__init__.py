"""Pure, synchronous, deterministic rules engines. Nothing here knows Discord, SQL or Pillow."""
