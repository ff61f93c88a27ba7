"""discord."""
