"""playbypost."""
