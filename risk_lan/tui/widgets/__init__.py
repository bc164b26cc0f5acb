"""The game screen's widgets: the world map and its layout, the panels, the
logs."""
